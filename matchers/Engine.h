//===- Engine.h - errlint's analysis engine ---------------------*- C++ -*-===//
//
// The engine runs every rule of a catalogue over one translation unit and
// returns findings as plain data. The command-line tool and the clang-tidy
// plugin are thin front ends over it, so both report the same findings.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_ENGINE_H
#define ERRLINT_ENGINE_H

#include "Catalog.h"
#include "Protocols.h"
#include "clang/Basic/SourceLocation.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace errlint {

/// A resolved source position, with the text of its line for the snippet.
struct Location {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string LineText;
  clang::SourceLocation Loc; ///< Valid only while the TU is alive.

  bool valid() const { return Line != 0; }
};

/// A note attached to a finding; Loc is invalid for notes about records.
struct Note {
  Location Loc;
  std::string Message;
  /// What the note points at: "close" (where the object was closed),
  /// "thread-start", "thread-use", "callback", "throw-site" or "protocol".
  std::string Kind = "close";
};

/// One risky call site.
struct Finding {
  std::string RuleId;
  std::string Severity; ///< "warning" or "error".
  std::string Message;  ///< Without the trailing "[errlint-RULE]".
  Location Loc;
  /// Qualified name of the function the finding is in, e.g. "ns::C::stop";
  /// part of a finding's identity in baselines.
  std::string Function;
  std::vector<Note> Notes;              ///< Source notes: where it was closed.
  std::vector<std::string> RecordIds;   ///< Records the finding cites.
  std::string Consequence;              ///< The profile's runtime sentence.
};

/// What analyzing one translation unit produced, besides its findings: the
/// facts protocol inference needs from it, and the classes whose protocol
/// depends on other translation units.
struct TUAnalysis {
  std::vector<Finding> Findings;
  std::vector<ClassFacts> Facts;
  /// Classes called here whose methods are defined elsewhere.
  std::vector<std::string> Pending;
  /// "Class::method" for each of their methods called here.
  std::vector<std::string> PendingMethods;
  /// The files that define the pending classes (their headers).
  std::vector<std::string> PendingHeaders;
  /// protocolDigest() of the pending classes under the protocols used.
  std::string PendingDigest;
};

/// How much of the records a diagnostic quotes.
enum class CiteLevel { None, Tips, Full };

/// Runs the catalogue's rules over translation units.
class Engine {
public:
  explicit Engine(const Catalog &Cat);
  ~Engine();
  Engine(const Engine &) = delete;
  Engine &operator=(const Engine &) = delete;

  /// Analyzes every function defined outside system headers and appends the
  /// findings, in source order. The protocols of the classes whose methods
  /// the translation unit defines are inferred and checked too.
  void analyze(clang::ASTContext &Ctx, std::vector<Finding> &Out) const;

  /// Like analyze(), with the protocols inferred from Known (the facts of
  /// other translation units) and this unit's own facts; also returns them.
  /// With CollectFacts false, only Known is used (it holds this unit's).
  void analyzeUnit(clang::ASTContext &Ctx, const std::vector<ClassFacts> &Known,
                   TUAnalysis &Out, bool CollectFacts = true) const;

  /// Only the facts of the unit (its classes, and the summaries of the
  /// functions it defines), for a unit analyzed for what it defines, not
  /// for its findings.
  void collectFacts(clang::ASTContext &Ctx, TUAnalysis &Out) const;

  const Catalog &catalog() const;

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

/// Notes that cite the records of a finding, at the given level, in the
/// order they are printed. Each element is one note's text (may span lines).
std::vector<std::string> citationNotes(const Catalog &Cat, const Finding &F,
                                       CiteLevel Level);

/// Resolves a clang location to a file position with its line's text.
Location makeLocation(const clang::SourceManager &SM, clang::SourceLocation L);

/// Sorts findings by file, line, column and rule and drops duplicates (a
/// header included by several translation units reports once).
void sortAndDedupe(std::vector<Finding> &Findings);

} // namespace errlint

#endif
