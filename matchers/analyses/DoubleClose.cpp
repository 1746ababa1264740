//===- DoubleClose.cpp - A second close of the same object ----------------===//
//
// The double-close analysis (profiles compiled with DoubleClose): a close
// on a path where the object was closed already.
//
//===----------------------------------------------------------------------===//
#include "analyses/Findings.h"

namespace errlint {

void FindingBuilder::doubleClose(const typestate::DoubleCloseReport &R) {
  const CompiledProfile &CP = Index.profile(R.Profile);
  Finding F = start(*CP.R, R);
  F.Message = "'" + R.Callee + "' closes '" + R.Object + "' " +
              (R.MaybeOpen ? "that may already have been closed"
                           : "a second time");
  addCloseNotes(F, R.Closes, R.Object, "was first closed");
  if (R.CalleeClose) {
    Note Again;
    Again.Loc = *R.CalleeClose;
    Again.Message = "'" + R.Callee + "' closes it again here";
    Again.Kind = NoteKind::Close;
    F.Notes.push_back(std::move(Again));
  }
  if (R.Trigger) {
    Note End;
    End.Loc = *R.Trigger;
    End.Message = "it closes it again here, where " + R.TriggerWhat;
    End.Kind = NoteKind::Close;
    F.Notes.push_back(std::move(End));
  }
  finish(std::move(F), R.Profile);
}

} // namespace errlint
