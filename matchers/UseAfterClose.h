//===- UseAfterClose.h - CFG typestate for close/use protocols -*- C++ -*-===//
#ifndef ERRLINT_USEAFTERCLOSE_H
#define ERRLINT_USEAFTERCLOSE_H

#include "Engine.h"
#include "Profiles.h"
#include <memory>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace errlint {

/// Runs the close/use typestate analysis (use after close, double close)
/// over the functions of one translation unit. Functions are summarized
/// once (what they close, use and reset of their parameters, of `this` and
/// of captured or global objects) and the summaries apply at their calls.
class TypestateAnalyzer {
public:
  TypestateAnalyzer(clang::ASTContext &Ctx, const ProfileIndex &Index,
                    std::vector<Finding> &Out);
  ~TypestateAnalyzer();

  /// Analyzes one function definition (once), appending its findings.
  void analyzeFunction(const clang::FunctionDecl *FD);

  struct Context;

private:
  std::unique_ptr<Context> C;
};

} // namespace errlint

#endif
