//===- CloseWhileInUse.cpp - A close racing a running thread --------------===//
//
// The close-while-in-use analysis (the rule with analysis
// close-while-in-use): a close while a thread or task that uses the object
// may still be running, not serialized with its use by a lock or a flag.
//
//===----------------------------------------------------------------------===//
#include "analyses/Findings.h"

namespace errlint {

void FindingBuilder::closeWhileInUse(
    const typestate::CloseWhileInUseReport &R) {
  const Rule &Race = *Index.raceRule();
  Finding F = start(Race, R);
  F.RecordIds = Race.Records;
  bool An = R.Task == "async task" || R.Task == "executor task";
  std::string Who = R.Detached ? "a detached " + R.Task
                               : (An ? "an " : "a ") + R.Task;
  if (R.ClosedByTask) {
    F.Message = "call to '" + R.LocCallee + "' on '" + R.Object + "' while " +
                Who + " that closes it may still be running";
    Note Started;
    Started.Loc = R.Start;
    Started.Message = "the " + R.Task + " is started here" +
                      (R.Detached ? " and detached" : "");
    Started.Kind = NoteKind::ThreadStart;
    F.Notes.push_back(std::move(Started));
    Note Closed;
    Closed.Loc = R.Use;
    Closed.Message = "it closes '" + R.Object + "' here";
    Closed.Kind = NoteKind::Close;
    F.Notes.push_back(std::move(Closed));
    finish(std::move(F), R.Profile);
    return;
  }
  F.Message = "'" + R.Object + "' is closed while " + Who +
              " that uses it may still be running";
  if (R.Via) {
    Note Inner;
    Inner.Loc = *R.Via;
    // No callee named: an implicit destructor (a member's, at the end of
    // its owner's) closes it.
    Inner.Message = R.ViaCallee.empty()
                        ? "the destructor of '" + R.Object +
                              "' closes it here"
                        : "'" + R.ViaCallee + "' closes it here";
    Inner.Kind = NoteKind::Close;
    F.Notes.push_back(std::move(Inner));
  }
  Note Started;
  Started.Loc = R.Start;
  Started.Message = "the " + R.Task + " is started here" +
                    (R.Detached ? " and detached" : "") +
                    (R.CheckedUnlocked
                         ? "; its check that '" + R.Object +
                               "' is open is not made under a lock held here"
                         : "");
  Started.Kind = NoteKind::ThreadStart;
  F.Notes.push_back(std::move(Started));
  Note Used;
  Used.Loc = R.Use;
  // A use inside another unit's function is known by its place only.
  Used.Message = R.UseCallee.empty()
                     ? "it uses '" + R.Object + "' here"
                     : "it calls '" + R.UseCallee + "' on '" + R.Object +
                           "' here";
  Used.Kind = NoteKind::ThreadUse;
  F.Notes.push_back(std::move(Used));
  // An inferred pool says why its calls run tasks on other threads.
  if (R.ExecutorProfile) {
    const std::vector<Note> &Why = Index.profile(*R.ExecutorProfile).P->Evidence;
    F.Notes.insert(F.Notes.end(), Why.begin(), Why.end());
  }
  finish(std::move(F), R.Profile);
}

} // namespace errlint
