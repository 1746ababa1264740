//===- AccessPath.h - What object an expression denotes ---------*- C++ -*-===//
//
// The one rule for which object an expression names: stripWrappers() and
// rawPathOf(). Aliases (pointers bound on a path) are resolved by the
// analysis state on top of this.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TYPESTATE_ACCESSPATH_H
#define ERRLINT_TYPESTATE_ACCESSPATH_H

#include "typestate/Path.h"
#include "clang/AST/Type.h"
#include <initializer_list>
#include <optional>
#include <string>

namespace clang {
class StringLiteral;
class CallExpr;
class CXXMemberCallExpr;
class CXXMethodDecl;
class CXXRecordDecl;
class Expr;
class FieldDecl;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace errlint {
namespace typestate {

/// The member a path's part after the root names; null for an element, a
/// key or an accessor's result.
const clang::FieldDecl *fieldPart(const void *Part);
/// True for the part naming what an accessor defined elsewhere returns
/// (opaqueAccessor).
bool isAccessorPart(const void *Part);
/// The name of a path's part after the root.
std::string partName(const void *Part);
/// Base followed by Parts as code would write them: `pool.sessions_[id]`,
/// `conns[...]` for some element. A Base of "" or "*this" is left out.
std::string pathText(std::string Base, llvm::ArrayRef<const void *> Parts);

/// The path part after ElementMark that names the element at a key: a
/// literal (`m.at("orders")`, `v[0]`), an enumerator, or a local or
/// parameter (`m.at(id)`, `v[i]`), or members of a const parameter
/// (`m.at(alarm.meterId)`); null for any other key expression.
const void *keyPartOf(const clang::Expr *Key);
/// keyPartOf(), and for an index a local variable plus or minus a constant
/// (`v[i + 1]`) a key of its own, distinct from the variable's.
const void *indexKeyPartOf(const clang::Expr *Key);
bool isKeyPart(const void *Part);
/// The key part for a variable (a parameter, as another unit names it) or
/// a literal's spelling (`"orders"`, `0`).
const void *keyPartForVar(const clang::VarDecl *Var);
const void *keyPartForLiteral(const std::string &Spelling);
/// The members a key part reads from its variable, dot-separated
/// (`alarm.meterId`: "meterId"); empty for the variable itself.
std::string keyFields(const void *Part);
/// Base, a variable's key part, with Fields read from it (a callee's
/// `req.id` for the caller's argument for req); null when Base is not a
/// variable's. Base itself for no Fields.
const void *keyPartWithFields(const void *Base, const std::string &Fields);
/// The constant a key part offsets its variable by (`v[i - 1]`: -1).
std::optional<int64_t> keyOffset(const void *Part);
/// The key Base (a constant or a variable) offset by Offset: `3` and -1
/// give `2`, `box` and -1 give `box - 1`; null when it cannot be named.
const void *offsetKeyPart(const void *Base, int64_t Offset);
/// A literal key part's spelling; empty for a variable's (or not a key).
std::string keyLiteral(const void *Part);
/// The variable a key part stands for; null for a literal (or not a key).
const clang::VarDecl *keyVariable(const void *Part);
/// P without its key parts: "some element" where P names the one at a key
/// (what a close of every element says of it).
Path withoutKeys(const Path &P);
/// Every, some element's path (`lances_[...].second.fd`), at the key that
/// Keyed names the same element with (`lances_[w].second.retired`).
std::optional<Path> atKeyOf(const Path &Every, const Path &Keyed);
/// A string literal through the conversions that make a string of it.
const clang::StringLiteral *stringLiteralOf(const clang::Expr *E);
/// The integer a string constant is known as (a parameter bound to
/// `"35=A"`, a comparison with it).
int64_t stringConstant(llvm::StringRef Text);

/// The path part after a handle that names the object the handle owns and
/// Function lends (`fileno(fp)`: the stream's descriptor), and back.
const void *ownedPart(llvm::StringRef Function);
/// The lending function's name for an owned part; null for any other part.
const std::string *ownedFunction(const void *Part);

/// A member another unit's summary names below a class this unit only
/// declares (`uploader_.pool_.workers_` where `Uploader` is incomplete):
/// a part that is compared, never looked into. And its name back.
const void *opaqueMemberPart(llvm::StringRef Name);
const std::string *opaqueMember(const void *Part);

/// True for a class of namespace std named one of Names.
bool isStdClass(const clang::CXXRecordDecl *RD,
                std::initializer_list<const char *> Names);
bool isStdType(clang::QualType T, std::initializer_list<const char *> Names);
/// std::unique_ptr, std::shared_ptr or std::weak_ptr: each denotes the
/// object it points to (a weak_ptr, the object it observes).
bool isSmartPointerType(clang::QualType T);
/// A standard container of pointers or smart pointers (a vector's
/// elements, a map's mapped values): the elements of its copies point
/// where its own do.
bool holdsPointerElements(clang::QualType T);
/// std::weak_ptr: it observes an object and owns none.
bool isWeakPointerType(clang::QualType T);
/// True when a member call is made on a std::unique_ptr, std::shared_ptr or
/// std::weak_ptr itself.
bool isCallOnSmartPointer(const clang::CXXMemberCallExpr *MCE);
/// Types whose copies still denote the same object: pointers, smart
/// pointers, and plain values such as POSIX descriptors.
bool copiesShareObject(clang::QualType T);
/// Integers that may hold a POSIX descriptor: a copy (`int peer = conn.fd;`)
/// names the same descriptor as the original until either is assigned.
bool isHandleInteger(clang::QualType T);
/// A bool or enum member: a state flag, never a handle.
bool isStateFlag(const Path &P);

/// An accessor whose body this unit cannot see, taken to give the same
/// object each time it is called on the same object: no parameters, not
/// virtual, returns an lvalue reference to a class of the user's, and its
/// name does not say it hands out another object each call (`next()`,
/// `acquire()`). Paths name its result by the method itself.
bool opaqueAccessor(const clang::CXXMethodDecl *MD);

/// The one class every assignment of the private pointer member F makes
/// (`profiler_(std::make_unique<DopplerProfiler>(tty))` in each
/// constructor, `profiler_ = std::make_unique<DopplerProfiler>(...)` or
/// `profiler_.reset(new DopplerProfiler(...))` in its class's methods),
/// when every method of its class is defined in this unit and it is a
/// class derived from the pointee type: a virtual call through F runs
/// that class's override. Null otherwise.
const clang::CXXRecordDecl *madeClassOfMember(const clang::FieldDecl *F);
/// The class the object of a virtual member call really is, when the call
/// is made through such a member of `this` (`profiler_->readKnots()`).
const clang::CXXRecordDecl *dynamicClassOf(const clang::CallExpr *Call);

/// The variable of static storage a function without parameters returns a
/// reference to on its one path (`Registry &registry() { static Registry r;
/// return r; }`, `Bus::instance()`, `return g_bus;`): every call names that
/// one object. Null for any other function, or one whose body this unit
/// does not see.
const clang::VarDecl *accessedGlobal(const clang::FunctionDecl *FD);

/// The object a call of the accessor FD names: accessedGlobal(), or, for an
/// accessor whose body another unit has (no parameters, a reference to a
/// class of the user's, a name that does not say it hands out another
/// object each call: `Bus &bus();`, `static Metrics &instance();`), a
/// variable that stands for its result in this unit. Null for any other
/// function. The same variable for every call in one unit.
const clang::VarDecl *accessorObject(const clang::FunctionDecl *FD);
/// The accessor whose object VD is, in this unit; null for any other.
const clang::FunctionDecl *accessorOfObject(const clang::VarDecl *VD);
/// Forgets the accessors' objects: the unit about to be analyzed declares
/// its own (Engine calls it around each unit).
void resetAccessorObjects();

/// Looks through what clang wraps around an expression that does not change
/// which object it denotes. Every analysis uses this one rule.
const clang::Expr *stripWrappers(const clang::Expr *E);
/// stripWrappers(), and then a copy or move of a temporary (`T v = f();`
/// before C++17's guaranteed elision): the expression the value comes from.
const clang::Expr *withoutCopy(const clang::Expr *E);

/// The access path an expression denotes, before aliases are resolved,
/// looking through parentheses, casts, dereferences, smart pointers,
/// accessors and local references. None when it is not a stable path.
std::optional<Path> rawPathOf(const clang::Expr *E, unsigned Depth = 0);

/// True when a close of the object at P, made through Via, can be tracked
/// (a container's element only through a range-for's variable).
bool closesTrackedObject(const Path &P, const clang::Expr *Via);
/// The range-for variable Via reaches through members, `->`, `*` and local
/// references bound in the loop (`e.second->`, a structured binding of the
/// loop); null when none.
const clang::VarDecl *rangeForVariable(const clang::Expr *Via);

/// `v[i]`, `v.at(i)`, `m[k]`, `*it` of a range-for: "some element" of a
/// standard container, as a path ending in ElementMark.
std::optional<Path> elementPathOf(const clang::Expr *E, unsigned Depth);

/// A map's (has `mapped_type`) element's `second`, as a path part: the
/// pair's field, or where this unit never instantiated the pair, a part
/// that stands for it.
bool isMap(const clang::CXXRecordDecl *RD);
const void *mappedPart(const clang::CXXRecordDecl *Map);
clang::QualType mappedType(const clang::CXXRecordDecl *Map);

/// A standard container's class (not a smart pointer or an optional).
const clang::CXXRecordDecl *stdContainer(const clang::Expr *Obj);

/// What a function whose body (its definition's, wherever this unit sees
/// it) is one `return V;` returns: V; null for any other body.
const clang::Expr *soleReturnValue(const clang::FunctionDecl *FD);
/// The local a return hands back whole (`return fp;`, copied, moved or
/// built in place), canonical; null for anything else.
const clang::VarDecl *returnedLocal(const clang::Expr *V);

/// For `Channel &channelFor(const std::string &t) { return
/// *channels_.at(t); }` called as `r.channelFor(id)`: the element at the
/// caller's key, `r.channels_[id]`. None when a key is not one a path can
/// name, or for any other body.
std::optional<Path> returnedElement(const clang::CXXMemberCallExpr *MCE,
                                    unsigned Depth);

/// For `Channel &channel() { return channel_; }`: the member's path from
/// `this`. None for any other body.
std::optional<Path> returnedMember(const clang::CXXMethodDecl *MD,
                                   unsigned Depth);

} // namespace typestate
} // namespace errlint

#endif
