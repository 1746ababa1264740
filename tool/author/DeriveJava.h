//===- DeriveJava.h - The protocol a record's own code states ---*- C++ -*-===//
//
// A record's sourceCode is the code that throws its message, usually Java.
// errlint derive reads it lexically for the guard-and-throw shape errlint
// infers from C++ classes (docs/rules-from-records.md): a method that throws
// when a member flag says "closed" (`if (closed) throw ...`,
// `checkState(!halfCloseCalled, "...")`, `Asserts.check(!isShutDown, ...)`),
// the methods that set the flag (`closed = true`,
// `destroyed.compareAndSet(false, true)`), those that only return it, and
// the methods of the snippet that call the throwing one. Guards on an
// argument or on a value only known at run time are read too: they sort the
// record as a single risky call shape or as out of reach.
// No clang header is included.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_DERIVEJAVA_H
#define ERRLINT_DERIVEJAVA_H

#include "DeriveLex.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace errlint {

/// A method whose header and body the snippet shows.
struct JavaMethod {
  std::string Name;
  unsigned Line = 0;
  size_t BodyBegin = 0; ///< Token index just past '{'.
  size_t BodyEnd = 0;   ///< Token index of the closing '}' (or the end).
  std::vector<std::string> Params;
  bool Public = true; ///< Neither private nor protected.
  bool Constructor = false;
};

/// What a guard tests.
enum class GuardSubject {
  Flag,          ///< A member: `closed`, `!running`, `state != State.OPEN`.
  Query,         ///< A method of the snippet, resolved to a flag later.
  ArgLiteral,    ///< A parameter against a literal: `timeout < 0`, `x == null`.
  RuntimeValue,  ///< A comparison with a value only known at run time.
  Unconditional, ///< Nothing: the method always throws.
};

/// A test that throws (or fails a check) when its condition holds.
struct JavaGuard {
  GuardSubject Subject = GuardSubject::RuntimeValue;
  std::string Method; ///< Empty when the snippet does not show the header.
  unsigned Line = 0;
  std::string Text;    ///< The statement as written, shortened.
  std::string Message; ///< The string literals of the throw, concatenated.
  /// Flag: the guard fails when Name == Value (FailsWhenEqual) or when
  /// Name != Value; booleans have the value "true" or "false".
  /// Query: Name is the method. ArgLiteral: Name is the parameter.
  std::string Name;
  std::string Value;
  bool FailsWhenEqual = true;
  unsigned ArgIndex = 0; ///< ArgLiteral: the parameter's position.
  std::string Op;        ///< ArgLiteral: "<", "<=", "==" or "!=".
};

/// `flag = value` (or an atomic's set) in a method body.
struct FlagWrite {
  std::string Method;
  std::string Flag;
  std::string Value;
  unsigned Line = 0;
  std::string Text;
};

/// A method whose body only returns a flag (negated or not).
struct FlagQuery {
  std::string Method;
  std::string Flag;
  bool Negated = false;
  unsigned Line = 0;
};

/// Everything the lexical reading of one snippet found.
struct JavaFacts {
  std::vector<JavaMethod> Methods;
  std::vector<JavaGuard> Guards;
  std::vector<FlagWrite> Writes;
  std::vector<FlagQuery> Queries;
  /// Method -> the methods it calls on its own object (`f()`, `this.f()`).
  std::map<std::string, std::set<std::string>> Calls;
  /// The methods called on the object anywhere in the snippet.
  std::set<std::string> CalledHere;

  const JavaMethod *method(const std::string &Name) const;
};

JavaFacts readJava(llvm::StringRef Code);

/// A role a method of the snippet plays in the protocol.
enum class MethodRole { Close, Use, Reopen, QueryClosed, QueryOpen };

struct RoleEvidence {
  std::string Method;
  MethodRole Role;
  std::string Why; ///< "sourceCode line 4: sets 'closed' to true".
};

/// The protocol sourceCode states around the guard that throws the
/// record's message.
struct JavaProtocol {
  JavaGuard Thrower;         ///< With Subject Flag (a Query is resolved).
  bool MessageFound = false; ///< The guard's message is the record's.
  bool ThrowerCloses = false; ///< The throwing method sets the flag itself.
  std::vector<RoleEvidence> Roles;
  std::vector<std::string> Notes; ///< For the review: what was left out.

  std::vector<std::string> methods(MethodRole R) const;
  bool has(const std::string &Method) const;
};

/// The guard that throws Message (the record's errorMessage): the first
/// whose string literals match it (of a test with several operands, the one
/// that decides what the record is), else nullptr.
const JavaGuard *guardThrowing(const JavaFacts &F, llvm::StringRef Message);

/// The protocol around a Flag (or Query) guard, or nothing when G tests
/// something else (or a query the snippet does not define). Its roles may
/// be empty: the record's other fields may name them.
std::optional<JavaProtocol> protocolOf(const JavaFacts &F, const JavaGuard &G);

/// Whether a method named Method sets a flag named Flag, read from the
/// names: "close" for "closed", "destroy" for "destroyed", "halfClose" for
/// "halfCloseCalled", "shutdown" for "isShutDown".
bool namesFlag(llvm::StringRef Method, llvm::StringRef Flag);

/// Whether two names say the same state: "isClosed" and "closed",
/// "isShutdown" and "isShutDown".
bool sameFlag(llvm::StringRef A, llvm::StringRef B);

/// Whether the record's message matches a thrown message: the literal text
/// of one starts the other (case-insensitive, %s and {} ending the text).
bool messagesMatch(llvm::StringRef RecordMessage, llvm::StringRef Thrown);

} // namespace errlint

#endif
