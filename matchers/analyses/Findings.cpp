//===- Findings.cpp - The typestate's reports as findings -----------------===//
#include "analyses/Findings.h"

namespace errlint {

typestate::Handler::~Handler() = default;

Finding FindingBuilder::start(const Rule &R,
                              const typestate::ObjectReport &Rep) const {
  const Profile &P = *Index.profile(Rep.Profile).P;
  Finding F;
  F.RuleId = R.Id;
  F.Severity = R.Severity;
  F.Loc = Rep.Loc;
  F.Function = Rep.Function;
  F.RecordIds = P.Records.empty() ? R.Records : P.Records;
  F.Consequence = P.Consequence;
  return F;
}

void FindingBuilder::addCloseNotes(
    Finding &F, const std::vector<typestate::CloseEvent> &Closes,
    const std::string &Name, const std::string &Verb) {
  for (const typestate::CloseEvent &E : Closes) {
    std::string Suffix =
        E.EarlierIteration ? ", on an earlier iteration of the loop" : "";
    Note N;
    N.Loc = E.Loc;
    switch (E.How) {
    case typestate::CloseEvent::Direct:
      N.Message = "'" + Name + "' " + Verb + " here" + Suffix;
      F.Notes.push_back(std::move(N));
      continue;
    case typestate::CloseEvent::ByScopeEnd:
      N.Message = "'" + Name + "' " + Verb + " when " + E.By + " here" + Suffix;
      F.Notes.push_back(std::move(N));
      if (E.Inner) {
        Note In;
        In.Loc = *E.Inner;
        In.Message = "which closes it here";
        F.Notes.push_back(std::move(In));
      }
      continue;
    case typestate::CloseEvent::ByEarlierCall:
      N.Message = "'" + Name + "' may still be closed by an earlier call to '" +
                  E.By + "', which closes it here and leaves it set";
      F.Notes.push_back(std::move(N));
      continue;
    case typestate::CloseEvent::ByQuery:
      N.Message = "'" + Name + "' is closed on this path: '" + E.By +
                  "' found it closed here";
      F.Notes.push_back(std::move(N));
      continue;
    case typestate::CloseEvent::ByCall:
      N.Message = "'" + Name + "' " + Verb + " by the call to '" + E.By +
                  "' here" + Suffix;
      F.Notes.push_back(std::move(N));
      Note In;
      In.Loc = *E.Inner;
      In.Message = "'" + E.By + "' closes it here";
      F.Notes.push_back(std::move(In));
      continue;
    }
  }
}

void FindingBuilder::finish(Finding F, unsigned Profile) {
  const std::vector<Note> &Evidence = Index.profile(Profile).P->Evidence;
  F.Notes.insert(F.Notes.end(), Evidence.begin(), Evidence.end());
  Out.push_back(std::move(F));
}

} // namespace errlint
