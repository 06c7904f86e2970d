import { useEffect, useRef } from 'react';
import { reloadsOnStageChange } from '../../../domain/upgrade';
import { onUpgradeEffect, reloadPage, useReadUpgradeStatus, useUpgradeView, useUpgradeWatch, type UpgradeView } from '../../../data/upgrade';
import { dispatchUpgradeModal, useUpgradeModal } from './modalStore';

/**
 * The page's upgrade machinery, run once where the trade area is (spec 2 §4):
 * pushes and call answers move the modal, an opening modal reads the status
 * (currentOperationFailed when it cannot), the outcome is watched while
 * upgrading, and an upgrade seen finishing reloads the page.
 */
export function useUpgradeCenter(): UpgradeView {
  const view = useUpgradeView();
  const modal = useUpgradeModal();
  const readStatus = useReadUpgradeStatus();

  useEffect(() => onUpgradeEffect((effect) => dispatchUpgradeModal({ type: 'effect', effect })), []);

  useEffect(() => {
    if (modal.phase !== 'loading') return undefined;
    let current = true;
    readStatus().then(
      (status) => current && dispatchUpgradeModal({ type: 'status', status }),
      () => current && dispatchUpgradeModal({ type: 'statusFailed' }),
    );
    return () => {
      current = false;
    };
  }, [modal.phase, readStatus]);

  // The status said unified while the page still shows the classic account: the reload brings it.
  useEffect(() => {
    if (modal.phase === 'done') reloadPage();
  }, [modal.phase]);

  useUpgradeWatch(view.stage === 'process');

  const previousStage = useRef(view.stage);
  useEffect(() => {
    if (reloadsOnStageChange(previousStage.current, view.stage)) reloadPage();
    previousStage.current = view.stage;
  }, [view.stage]);

  // Signed out (or another account): whatever the modal showed was about someone else.
  const shownFor = useRef(view.userId);
  useEffect(() => {
    if (shownFor.current === view.userId) return;
    shownFor.current = view.userId;
    dispatchUpgradeModal({ type: 'close' });
  }, [view.userId]);

  return view;
}
