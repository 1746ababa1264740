//===- ResultVerdict.h - What a result class says of success ---*- C++ -*-===//
//
// A status class (`Status`, `Result`) tells success from failure through
// const queries that test its fields: `ok()` is `code_ == Code::Ok &&
// errno_ == 0`, `failed()` its negation, `explicit operator bool` returns
// `ok()`. The class's *verdict* is the first such query it declares; every
// other one is the verdict or its negation where evaluating both over the
// values their fields can take says so. A close made only on the paths
// that return a failing result is then closed only where the caller's test
// of that result, whichever query it calls, finds the verdict failing.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TYPESTATE_RESULTVERDICT_H
#define ERRLINT_TYPESTATE_RESULTVERDICT_H

#include "clang/AST/Type.h"
#include <cstdint>
#include <map>
#include <optional>

namespace clang {
class ASTContext;
class Expr;
class CXXMethodDecl;
class CXXRecordDecl;
class FieldDecl;
} // namespace clang

namespace errlint {
namespace typestate {

/// A field whose value for a result is what it holds: for a std::string
/// (`msg_`, empty on success) or a std::optional (`value_`) whether it
/// holds anything (1 when it does, else 0 in the maps below); for a
/// std::variant (`std::variant<T, Error> v_`) the index of the alternative
/// it holds.
bool isPresenceField(const clang::FieldDecl *F);

/// The number of alternatives of a std::variant field, 0 for another one.
unsigned variantAlternatives(const clang::FieldDecl *F);

/// The index of the alternative of the std::variant type Variant that a
/// value of type T is, when it is exactly one of them.
std::optional<int64_t> alternativeIndex(clang::QualType Variant,
                                        clang::QualType T);

/// `std::holds_alternative<T>(v)`: the variant v and the index of T among
/// its alternatives.
std::optional<std::pair<const clang::Expr *, int64_t>>
heldAlternative(const clang::Expr *E);

/// A const method without parameters returning bool (a conversion to bool
/// included) whose body is one `return` of a test of the object's scalar
/// fields, maybe through another such query (`return ok();`).
bool isFieldQuery(const clang::CXXMethodDecl *MD);

/// The class's verdict query: its first field query, in declaration order.
const clang::CXXMethodDecl *verdictQuery(const clang::CXXRecordDecl *RD);

/// How Q relates to its class's verdict: true when it returns the same,
/// false when it returns the negation, none when neither holds for every
/// value of the fields they read.
std::optional<bool> agreesWithVerdict(const clang::CXXMethodDecl *Q);

/// What Q returns for an object whose scalar fields hold these values
/// (canonical fields; one not listed is unknown): none when it depends on
/// one not listed.
std::optional<bool>
queryValue(const clang::CXXMethodDecl *Q,
           const std::map<const clang::FieldDecl *, int64_t> &Fields);

/// A query that tests one scalar field against a constant: it returns
/// true exactly where the field equals Value (Equal) or differs from it.
struct FieldTest {
  const clang::FieldDecl *Field = nullptr;
  bool Equal = false;
  int64_t Value = 0;
};

/// `bool ok() const { return ok_; }`, `return code_ == Code::Ok;`, `return
/// !failed();`: Q's test of one field, for units that see only Q's
/// declaration; none for any other body.
std::optional<FieldTest> fieldTestOf(const clang::CXXMethodDecl *Q);

/// The scalar fields of the object V builds that it gives constants:
/// `Status()` from default member initializers, `Status(Code::IoError, e,
/// m)` through the constructor's initializers, `Status::ioError(m, e)`
/// through a factory that returns one (FailurePaths.cpp).
std::map<const clang::FieldDecl *, int64_t> fieldsBuiltBy(const clang::Expr *V,
                                                          clang::ASTContext &Ctx);

} // namespace typestate
} // namespace errlint

#endif
