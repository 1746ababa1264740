//===- ProtocolFacts.h - What user classes do to their state ----*- C++ -*-===//
//
// Reads the facts protocol inference decides from (Protocols.h) out of one
// translation unit's AST: for each method defined there, the member flags or
// states it tests before throwing, sets, or returns.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_PROTOCOLFACTS_H
#define ERRLINT_PROTOCOLFACTS_H

#include "Protocols.h"

namespace clang {
class ASTContext;
}

namespace errlint {

/// The facts of every class with a method defined outside system headers.
std::vector<ClassFacts> collectClassFacts(clang::ASTContext &Ctx);

/// Classes the translation unit calls methods of whose bodies it does not
/// have, and whose state makes them candidates for a protocol (a flag or
/// state member): the translation unit needs the other units' facts to be
/// analyzed.
/// Methods receives "Class::method" for each method called without a body,
/// Headers the files that define the pending classes.
std::vector<std::string> pendingClasses(clang::ASTContext &Ctx,
                                        std::vector<std::string> *Methods =
                                            nullptr,
                                        std::vector<std::string> *Headers =
                                            nullptr);

} // namespace errlint

#endif
