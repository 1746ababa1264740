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
#include "Finding.h"
#include "Inference.h"
#include "clang/Basic/SourceLocation.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace errlint {

/// What analyzing one translation unit produced: its findings and its part
/// in protocol inference.
struct TUAnalysis {
  std::vector<Finding> Findings;
  UnitInference Inference;
  /// "Class::method" for each method of a pending class called here (and
  /// each pending function): whether the units analyzed so far define them
  /// decides if the unit waits for the others.
  std::vector<std::string> PendingMethods;
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
  void analyzeUnit(clang::ASTContext &Ctx, const ProtocolInference &Known,
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

/// The clang location L was made from by makeLocation(), in the process
/// that parsed its unit while the AST lives; invalid for any other.
inline clang::SourceLocation sourceLocationOf(const Location &L) {
  return clang::SourceLocation::getFromRawEncoding(
      clang::SourceLocation::UIntTy(L.Raw));
}

/// Resolves a clang location to a file position with its line's text.
Location makeLocation(const clang::SourceManager &SM, clang::SourceLocation L);

/// Sorts findings by file, line, column and rule and drops duplicates (a
/// header included by several translation units reports once).
void sortAndDedupe(std::vector<Finding> &Findings);

} // namespace errlint

#endif
