//===- UseAfterClose.cpp - Calls on a closed object -----------------------===//
//
// The use-after-close analysis (rules use-after-close, send-after-close and
// the protocols errlint infers): a use of an object on a path where it was
// closed, made directly, inside a callee, or by a thread started after the
// close.
//
//===----------------------------------------------------------------------===//
#include "analyses/Findings.h"

namespace errlint {

void FindingBuilder::useAfterClose(const typestate::UseAfterCloseReport &R) {
  const CompiledProfile &CP = Index.profile(R.Profile);
  Finding F = start(*CP.R, R);
  std::string What = R.InnerUse ? "call to '" + R.Callee + "' uses '" +
                                      R.Object + "'"
                                : "call to '" + R.Callee + "' on '" +
                                      R.Object + "'";
  F.Message = What + (R.MaybeOpen ? " that may have been closed"
                                  : " after it was closed");
  addCloseNotes(F, R.Closes, R.Object, "is closed");
  if (R.InnerUse) {
    Note N;
    N.Loc = *R.InnerUse;
    N.Message = "'" + R.Callee + "' uses it here";
    N.Kind = NoteKind::CalleeUse;
    F.Notes.push_back(std::move(N));
  }
  if (R.OuterUse) {
    Note N;
    N.Loc = *R.OuterUse;
    N.Message = "through this call in '" + R.Callee + "'";
    N.Kind = NoteKind::CalleeUse;
    F.Notes.push_back(std::move(N));
  }
  if (R.Trigger) {
    Note End;
    End.Loc = *R.Trigger;
    End.Message = "the destructor runs here, where " + R.TriggerWhat;
    F.Notes.push_back(std::move(End));
  }
  finish(std::move(F), R.Profile);
}

void FindingBuilder::taskAfterClose(const typestate::TaskAfterCloseReport &R) {
  const CompiledProfile &CP = Index.profile(R.Profile);
  Finding F = start(*CP.R, R);
  F.Message = "the " + R.Task + " started here uses '" + R.Object + "' " +
              (R.MaybeOpen ? "that may have been closed"
                           : "after it was closed");
  addCloseNotes(F, R.Closes, R.Object, "is closed");
  Note N;
  N.Loc = R.Use;
  N.Message = "the " + R.Task + " uses it here";
  N.Kind = NoteKind::ThreadUse;
  F.Notes.push_back(std::move(N));
  finish(std::move(F), R.Profile);
}

void FindingBuilder::callbackAfterClose(
    const typestate::CallbackAfterCloseReport &R) {
  const CompiledProfile &CP = Index.profile(R.Profile);
  Finding F = start(*CP.R, R);
  F.Message = "call to '" + R.Callee + "' runs a callback that uses '" +
              R.Object + "' " +
              (R.MaybeOpen ? "that may have been closed"
                           : "after it was closed");
  addCloseNotes(F, R.Closes, R.Object, "is closed");
  auto AddCallback = [&](const Location &KeptAt, const std::string &Keeper,
                         const Location &UseAt, const std::string &Callee) {
    Note Kept;
    Kept.Loc = KeptAt;
    Kept.Message = "the callback is kept here by '" + Keeper + "'";
    Kept.Kind = NoteKind::CalleeUse;
    F.Notes.push_back(std::move(Kept));
    Note N;
    N.Loc = UseAt;
    N.Message = Callee.empty() ? std::string("the callback uses it here")
                               : "the callback calls '" + Callee + "' on it here";
    N.Kind = NoteKind::CalleeUse;
    F.Notes.push_back(std::move(N));
  };
  AddCallback(R.Kept, R.Keeper, R.Use, R.UseCallee);
  // Every other callable the call runs into the closed object.
  for (const auto &O : R.Others)
    AddCallback(O.Kept, O.Keeper, O.Use, O.UseCallee);
  finish(std::move(F), R.Profile);
}

} // namespace errlint
