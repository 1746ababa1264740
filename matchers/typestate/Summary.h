//===- Summary.h - A function's effects on what its callers see --*- C++ -*-===//
//
// Each function is summarized once per set of constant arguments: which of
// its parameters, `this` members and captured or global objects it closes,
// uses while they may still be closed by the caller, resets or starts
// threads on. Summaries apply at calls; exported, they cross files
// (Context.cpp converts them to and from EffectFacts).
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TYPESTATE_SUMMARY_H
#define ERRLINT_TYPESTATE_SUMMARY_H

#include "typestate/Lattice.h"
#include "Protocols.h"
#include <optional>
#include <set>
#include <vector>

namespace clang {
class Expr;
class FieldDecl;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace errlint {
namespace typestate {

enum class RootKind { Param, This, Var };

/// An object a callee reaches, as the callee sees it: a parameter, `this`
/// or a variable that outlives the call, followed by fields.
struct RootRef {
  RootKind Root = RootKind::Var;
  unsigned Param = 0;
  const clang::VarDecl *Var = nullptr;
  Path Suffix;
  auto tie() const { return std::tie(Root, Param, Var, Suffix); }
  bool operator<(const RootRef &O) const { return tie() < O.tie(); }
  bool operator==(const RootRef &O) const { return tie() == O.tie(); }
};

/// What a call does to an object its callee can reach. TaskUse records
/// every use, checked or not, for code that may run on another thread;
/// Signal a latch or barrier counted down; Spawned a use by a task the
/// callee handed to an executor the caller reaches (Exec) and did not wait
/// for: it may still be running when the call returns; Awaits a wait for
/// every task of the executor at the root (on some path); DropsCallables a
/// removal of callables the object at the root keeps (Callbacks.cpp);
/// Ensures what holds of a parameter on every normal return (Value):
/// `throw_error(ec)` returns only when `ec` is not set.
struct Effect {
  /// CloseOnThrow: a close made on the paths that leave the callee by an
  /// exception; it applies on the edge into the caller's handler.
  enum Kind {
    Close,
    Use,
    Reset,
    TaskUse,
    Signal,
    Sets,
    CloseOnThrow,
    Spawned,
    Awaits,
    DropsCallables,
    Ensures,
    /// A constructor keeps its parameter Value.Value in the callable member
    /// at the root (`ScopeGuard(std::function<void()> f) : f_(f)`).
    Keeps,
    /// Calls the callable the member at the root holds, when Pre holds on
    /// entry (`~ScopeGuard() { if (active_) f_(); }`).
    Runs,
    /// Returns the object at the root (a reference to it, or a pointer to
    /// it or null) on every return: `find(id)` returning the element of a
    /// map at its key parameter.
    Returns,
    /// Assigns the pointer-like member at the root (`bus_ =
    /// std::make_unique<EventBus>(p)`, `producer_.reset(q)`): what the
    /// caller knew it pointed to, and the aliases through it, no longer
    /// hold after the call.
    Rebinds,
    /// Returns an object it closed (Profile) on every return that returns
    /// one (`victim->disconnect(); return victim;`): the caller's variable
    /// it initializes is closed. The root is not used.
    ClosesResult,
    /// Handed a callable that uses the object at the root to a registry
    /// the caller reaches (Exec, keeping it in Registered->Member), which
    /// calls it later from another of its methods: `begin(bus)` calling
    /// `bus.subscribe([control] { control->send(...); })`.
    Registers,
    /// Returns normally only where the object at the root was open: on
    /// every such path it made a use that throws once the object is closed
    /// (`sendEnvelope(c, m)` calling `c.command(...)`). The caller's object
    /// is open after the call.
    ProvesOpen,
    /// Calls the callable parameter Param (a std::function, a function
    /// pointer) before it returns, on every normal path (Must) or on some:
    /// the lambda a caller gives it runs inside the call
    /// (`stopStep("log", [&] { log.close(); })`).
    Invokes,
    /// Returns a true value only where Pre held on entry (`bool resume()`
    /// returning false unless the port was suspended): a caller that knows
    /// Pre fails knows the result is false. The root is not used.
    TrueOnlyIf,
    /// Returns a struct whose field (the one part of Suffix) holds Value on
    /// every return: `Status::rejected(m)` building `Status(Code::Rejected,
    /// 0, m)` in another unit. The root is not used.
    ResultField,
    /// A constructor leaves the member at the root pointing where the
    /// member Exec does (`report_ = make_unique<Report>(pool_)` ties
    /// this.report_.pool_ to this.pool_): for units that cannot read it.
    Aliases,
    /// A query of the result class returns true exactly where its field
    /// (the one part of Suffix) holds Value (`bool Status::ok() const {
    /// return ok_; }` in another unit). The root is not used.
    FieldTest,
    /// Returns a callable (a lambda, on every return) that uses the object
    /// at the root when it is called, checked or not (Guarded) as TaskUse
    /// records: `make_audit_handler(trail)` returning `[trail](const Event
    /// &e) { trail->write(...); }`. Nothing is used by the call itself.
    CallableUse,
    /// Returns a callable that closes the object at the root when it is
    /// called (on every path through it when Must).
    CallableClose
  } K = Close;
  unsigned Profile = 0;
  RootKind Root = RootKind::Var;
  unsigned Param = 0;
  const clang::VarDecl *Var = nullptr;
  Path Suffix;
  bool Must = true;    ///< Close: on every path through the callee.
  bool OrEqual = true; ///< Reset: the object itself, not only its members.
  bool AnyProfile = false; ///< Reset: under every profile.
  const clang::Expr *Site = nullptr; ///< Innermost close or use, for notes.
  /// Use, Close: the call in the function's own body that made it, where
  /// Site may lie deeper (in a callee). A caller running the function as a
  /// lambda it wrote reports there, inside the lambda.
  const clang::Expr *Outer = nullptr;
  /// The close or use inside a function another unit defines (its
  /// summary's facts outlive the analysis), for notes; Site is null then.
  const Location *Remote = nullptr;
  /// Use: Outer, where Remote is set (a function another unit defines).
  const Location *RemoteOuter = nullptr;
  bool Guarded = false;         ///< TaskUse: checked open first...
  /// Close: made only where the callee's own query found the object open
  /// (`if (link_->isOpen()) link_->close();`): never a second close.
  bool CheckedOpen = false;
  /// Close: the callee closes it again where it already was closed, and
  /// reports that itself (Closed::Again).
  bool Again = false;
  std::vector<RootRef> Locks;   ///< ...while holding these mutexes.
  /// TaskUse: Pre (below) holds under these mutexes, held since it was
  /// learned.
  std::vector<RootRef> PreLocks;
  /// TaskUse, Spawned: the mutexes held at the use itself. Close, Prior:
  /// the mutexes held from the close until the function rebound the root
  /// (Closed::ReboundUnder).
  std::vector<RootRef> HeldLocks;
  /// Close: only on the paths that return this value (`return false;` after
  /// closing on failure), so a caller testing the result knows.
  std::optional<int64_t> OnlyIfReturns;
  /// Close: only on the paths that return a true value (non-zero, a set
  /// std::error_code): it closes on its failure paths and says so.
  bool OnlyIfTrue = false;
  /// Close, OnlyIfTrue: and the value it returns there is negative (`return
  /// -errno;`, every other return 0): a caller past `if (rc < 0)` knows.
  bool ResultNegative = false;
  /// Close: of the object the root denoted on entry, which the function
  /// then rebound (`conn_->disconnect(); conn_ = make_shared<Conn>();`):
  /// applied before Rebinds, so the caller's other owners keep it closed.
  bool Prior = false;
  /// Close: not on every path, but on every path where Pre holds on entry
  /// (`if (fd < 0) return; close(fd);`): a caller that knows Pre holds
  /// knows it closed.
  bool MustIfPre = false;
  /// Close: only on the paths that leave this parameter (a reference to a
  /// std::error_code or bool the callee reports failure through) true:
  /// `connect_pair(a, b, ec)` closing `a` when it fails.
  std::optional<unsigned> OnlyIfParam;
  /// Close: only on the paths that return a struct whose field of this name
  /// holds Value (`outcome.aborted = true;` beside the close).
  std::string OnlyIfField;
  /// Sets: the member flag at the root holds Value on every normal return.
  /// Close with OnlyIfField: what the field holds where it closed.
  /// Use: only happens when these member flags hold these values on entry
  /// (`if (stopped_) return; producer_.send(r);`).
  Fact Value;
  std::vector<std::pair<RootRef, Fact>> Pre;
  /// Close, CloseOnThrow: what member flags hold wherever the callee leaves
  /// the object closed (`stopped_ = true;` beside the close): a caller's
  /// later call that needs the flag clear cannot meet that close.
  std::vector<std::pair<RootRef, Fact>> While;
  /// Close: the member flags known, as set under one of the mutexes Locks
  /// still held, wherever the callee closes it (Closed::SerialFlags).
  std::vector<std::pair<RootRef, Fact>> SerialFlags;
  /// Spawned: the executor, and the submit call inside the callee that
  /// started the task (one task per Start).
  std::optional<RootRef> Exec;
  std::optional<unsigned> ExecProfile;
  /// Spawned: Exec is a thread (a member std::thread) the callee started
  /// and did not join, not an executor.
  bool Thread = false;
  /// Registers: where the registry keeps the callable and how.
  struct KeptIn {
    std::string Member, Keeper, Key;
    bool Keyed = false;
    auto tie() const { return std::tie(Member, Keeper, Key, Keyed); }
    bool operator<(const KeptIn &O) const { return tie() < O.tie(); }
    bool operator==(const KeptIn &O) const { return tie() == O.tie(); }
  };
  std::optional<KeptIn> Registered;
  const clang::Expr *Start = nullptr;
  /// Registers: where the registering call's result went (KeptCallable::
  /// Token). DropsCallables: the token the removal was given.
  std::optional<RootRef> Token;
  /// Registers, CallableUse: the callable reaches the object through a
  /// pointer of its own (TaskUse::Pinned).
  bool Pinned = false;

  /// CloseOnThrow: what may leave the function on the paths where it is
  /// closed (classes, StdThrow, or Context::Rethrows handlers); none when
  /// anything may.
  std::optional<std::set<const void *>> Thrown;

  RootRef root() const { return {Root, Param, Var, Suffix}; }
  void setRoot(const RootRef &R) {
    Root = R.Root;
    Param = R.Param;
    Var = R.Var;
    Suffix = R.Suffix;
  }
  auto tie() const {
    return std::tie(K, Profile, Root, Param, Var, Suffix, Must, OrEqual,
                    AnyProfile, Site, Outer, Guarded, Locks, OnlyIfReturns, OnlyIfTrue,
                    ResultNegative,
                    Prior, MustIfPre, CheckedOpen, Again,
                    OnlyIfParam, OnlyIfField, Value,
                    Pre, While, SerialFlags, PreLocks, HeldLocks, Exec, ExecProfile,
                    Thread, Start,
                    Registered, Thrown, Token, Pinned);
  }
  bool operator<(const Effect &O) const { return tie() < O.tie(); }
};

struct Summary {
  std::vector<Effect> Effects;
};

/// What a summary was computed for: constant arguments (parameter index,
/// value), and the lambdas members of `this` hold because its construction
/// site gave them one (`ScopeGuard g([&] { c.close(); })` keeping it in a
/// std::function member its destructor calls).
struct Bindings {
  std::vector<std::pair<unsigned, int64_t>> Constants;
  std::vector<std::pair<const clang::FieldDecl *, const clang::FunctionDecl *>>
      Callables;
  bool empty() const { return Constants.empty() && Callables.empty(); }
  bool operator<(const Bindings &O) const {
    return std::tie(Constants, Callables) < std::tie(O.Constants, O.Callables);
  }
};

} // namespace typestate
} // namespace errlint

#endif
