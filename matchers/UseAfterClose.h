//===- UseAfterClose.h - CFG typestate for close/use protocols -*- C++ -*-===//
#ifndef ERRLINT_USEAFTERCLOSE_H
#define ERRLINT_USEAFTERCLOSE_H

#include "Engine.h"
#include "Profiles.h"

namespace clang {
class Decl;
class Stmt;
} // namespace clang

namespace errlint {

/// Runs the use-after-close typestate analysis over one function body and
/// appends a finding for each call that uses an object on a path where it
/// was closed and neither reopened, reassigned nor checked open since.
void checkUseAfterClose(const clang::Decl *D, clang::Stmt *Body,
                        clang::ASTContext &Ctx, const ProfileIndex &Index,
                        MatchCache &Cache, std::vector<Finding> &Out);

/// True when Body contains a call that closes under some profile: functions
/// without one cannot produce a finding and get no CFG.
bool mayClose(const clang::Stmt *Body, const ProfileIndex &Index,
              MatchCache &Cache);

} // namespace errlint

#endif
