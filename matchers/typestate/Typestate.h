//===- Typestate.h - CFG typestate for close/use protocols ------*- C++ -*-===//
//
// The driver of the typestate framework over one translation unit. The
// framework (access paths, the lattice, summaries, the transfer over the
// CFG, path conditions) is in this folder; the analyses that turn what it
// finds into findings are in ../analyses/.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TYPESTATE_TYPESTATE_H
#define ERRLINT_TYPESTATE_TYPESTATE_H

#include "Engine.h"
#include "Profiles.h"
#include "Protocols.h"
#include <map>
#include <memory>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace errlint {
namespace typestate {
class Handler;
} // namespace typestate

/// Runs the close/use typestate analysis (use after close, double close)
/// over the functions of one translation unit. Functions are summarized
/// once (what they close, use and reset of their parameters, of `this` and
/// of captured or global objects) and the summaries apply at their calls.
class TypestateAnalyzer {
public:
  TypestateAnalyzer(clang::ASTContext &Ctx, const ProfileIndex &Index,
                    typestate::Handler &H);
  ~TypestateAnalyzer();

  /// The summaries of functions other units define (by USR), applied at
  /// calls whose callee has no body here. Set before analyzing.
  void useExternalSummaries(const std::map<std::string, const MethodFacts *> *S);
  /// The classes that keep callables and call them later (Executors.cpp).
  void useRegistries(const std::vector<InferredRegistry> *R);

  /// Analyzes one function definition (once), appending its findings.
  void analyzeFunction(const clang::FunctionDecl *FD);

  /// What the externally visible functions defined in the main file do to
  /// their parameters and `this` (closes, uses), as facts for the units that
  /// call them without seeing their bodies: methods named by USR.
  std::vector<MethodFacts> exportSummaries() const;

  /// The functions called here without a body, by USR, with the header that
  /// declares each: another unit may define them.
  const std::map<std::string, std::string> &pendingFunctions() const;

  struct Context;

private:
  std::unique_ptr<Context> C;
};

} // namespace errlint

#endif
