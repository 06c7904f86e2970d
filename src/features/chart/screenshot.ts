import { chartDateTime } from '../../domain/chartTime';
import { downloadBlob } from '../../ui/downloadBlob';

/**
 * The screenshot button (spec 1 §2.3): the chart's own canvas under a header
 * with the symbol, interval and legend, saved as a PNG download.
 */
export interface ScreenshotHeader {
  title: string;
  legend: string;
  timeZone: string;
  background: string;
  text: string;
  /** the page's font stack */
  font: string;
}

const HEADER_HEIGHT = 48;

export function composeScreenshot(chartCanvas: HTMLCanvasElement, header: ScreenshotHeader, now: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = chartCanvas.width;
  canvas.height = chartCanvas.height + HEADER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return chartCanvas;
  ctx.fillStyle = header.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = header.text;
  ctx.font = `600 14px ${header.font}`;
  ctx.fillText(header.title, 12, 20);
  ctx.font = `12px ${header.font}`;
  ctx.fillText(`${header.legend}   ${chartDateTime(now, header.timeZone)} ${header.timeZone}`, 12, 38);
  ctx.drawImage(chartCanvas, 0, HEADER_HEIGHT);
  return canvas;
}

export function screenshotFileName(symbolId: string, interval: string, now: number): string {
  const stamp = chartDateTime(now).replace(/[-: ]/g, '').slice(0, 14);
  return `${symbolId}_${interval}_${stamp}.png`;
}

/** Saves the canvas as a file; resolves false when the browser could not encode it. */
export function downloadCanvas(canvas: HTMLCanvasElement, fileName: string): Promise<boolean> {
  return new Promise((resolve) => {
    canvas.toBlob((blob) => {
      if (!blob) {
        resolve(false);
        return;
      }
      downloadBlob(blob, fileName);
      resolve(true);
    }, 'image/png');
  });
}
