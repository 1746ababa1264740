//===- WorkFacts.h - What user classes do with the callables they get -*- C++ -*-===//
//
// Reads, out of one translation unit's AST, the facts that executor and
// callback-registry inference (Executors.cpp) decides from: the members
// that hold threads or callables, and for each method whether it keeps a
// callable parameter in a member, calls the callables a member keeps, drops
// them, or waits for the object's threads.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_WORKFACTS_H
#define ERRLINT_WORKFACTS_H

#include "Protocols.h"
#include <set>
#include <string>
#include <vector>

namespace clang {
class CXXMethodDecl;
class CXXRecordDecl;
class SourceManager;
class Stmt;
} // namespace clang

namespace errlint {

/// The method whose code the facts of MD are read from: MD itself, or for
/// a method of a class template, an instantiation of it with a body (the
/// template's code has no types to read: `std::function<void(Args...)>`);
/// null when none is instantiated.
const clang::CXXMethodDecl *workInstance(const clang::CXXMethodDecl *MD);

/// The class whose members the facts of RD are read from: RD, or an
/// instantiation of the class template RD; null when there is none.
const clang::CXXRecordDecl *workInstance(const clang::CXXRecordDecl *RD);

/// The members of RD that are, or hold, std::threads.
std::vector<std::string> threadMembers(const clang::CXXRecordDecl *RD);

/// Whether RD has a member that holds callables: a std::function, a
/// standard container of them, or of structs holding one.
bool hasCallableMember(const clang::CXXRecordDecl *RD);

/// Adds to M what MD does with callables: the member it keeps a callable
/// parameter in (and under which parameter as key), the member whose
/// callables it calls, the member it drops them from, and the threads or
/// condition it waits on.
void readWork(const clang::SourceManager &SM, const clang::CXXMethodDecl *MD,
              MethodFacts &M);

/// Adds to Runs the members whose kept callables Body calls, in the lambdas
/// it starts too (a pool's constructor starting its threads' loop).
void readRuns(const clang::Stmt *Body, std::set<std::string> &Runs);

} // namespace errlint

#endif
