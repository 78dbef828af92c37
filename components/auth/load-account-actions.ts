/** The signed-out forms' on-demand part (./account-actions.ts): call on focus to fetch it early, await it on submit. */
export const loadAccountActions = () => import("./account-actions");
