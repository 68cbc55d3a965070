// The rules live in shared/ so the admin app offers exactly the actions the server allows.
export { allowedActions, canReply, needsDepartment, replyViolation, violationOf, type LineAction, type LineState, type LineViolation } from '@shared';
