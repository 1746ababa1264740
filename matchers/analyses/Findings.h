//===- Findings.h - The typestate's reports as findings --------*- C++ -*-===//
//
// The one place typestate findings are built. Each analysis says its own
// words in its own file (UseAfterClose.cpp, DoubleClose.cpp,
// CloseWhileInUse.cpp); what every finding has (rule, severity, records,
// consequence, the notes of the closes and of an inferred protocol's
// evidence) is filled here.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_ANALYSES_FINDINGS_H
#define ERRLINT_ANALYSES_FINDINGS_H

#include "Profiles.h"
#include "typestate/Handler.h"
#include <vector>

namespace errlint {

class FindingBuilder : public typestate::Handler {
public:
  FindingBuilder(const ProfileIndex &Index, std::vector<Finding> &Out)
      : Index(Index), Out(Out) {}

  void useAfterClose(const typestate::UseAfterCloseReport &R) override;
  void taskAfterClose(const typestate::TaskAfterCloseReport &R) override;
  void callbackAfterClose(
      const typestate::CallbackAfterCloseReport &R) override;
  void doubleClose(const typestate::DoubleCloseReport &R) override;
  void closeWhileInUse(const typestate::CloseWhileInUseReport &R) override;

private:
  /// A finding of Rule at R's place, citing the profile's records (else the
  /// rule's) and its consequence.
  Finding start(const Rule &Rule, const typestate::ObjectReport &R) const;
  /// A note for each close that reached the finding: "'c' is closed here".
  static void addCloseNotes(Finding &F,
                            const std::vector<typestate::CloseEvent> &Closes,
                            const std::string &Name, const std::string &Verb);
  /// The profile's own notes (an inferred protocol's throw site), last.
  void finish(Finding F, unsigned Profile);

  const ProfileIndex &Index;
  std::vector<Finding> &Out;
};

} // namespace errlint

#endif
