//===- Protocols.h - Close protocols inferred from user classes -*- C++ -*-===//
//
// A class that guards its methods with a member flag or state, such as
//
//   void send(const Msg &m) {
//     if (closed_) throw std::runtime_error("stream has been closed, ...");
//   }
//   void close() { closed_ = true; }
//
// has a close protocol even when no rule names it. The engine collects the
// facts of each class whose methods a translation unit defines (what each
// method sets, tests and returns); this file, which includes no clang
// header, decides each class's protocol from the merged facts of every
// translation unit (Inference.h keeps them), matches thrown messages
// against the records, and turns the protocols into profiles of the
// catalogue's rules.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_PROTOCOLS_H
#define ERRLINT_PROTOCOLS_H

#include "Catalog.h"
#include "Finding.h"
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace errlint {

/// "the object is closed": State == Value, or State != Value when !Equal.
/// Values are "true"/"false" for flags and enumerator names for states.
struct StateTest {
  std::string Field;
  bool Equal = true;
  std::string Value;

  bool holdsFor(const std::string &V) const {
    return Equal ? V == Value : V != Value;
  }

  /// The test that holds exactly when this one does not.
  StateTest negated() const {
    if (Value == "true" || Value == "false")
      return {Field, Equal, Value == "true" ? "false" : "true"};
    return {Field, !Equal, Value};
  }
};

/// A StateTest on the result of a query method of the same object rather
/// than on a member: Field is this prefix and the method's name.
inline constexpr const char *QueryPrefix = "()";

/// The character a message template holds where the thrown text is computed
/// at run time (the "+ m" in "cannot send " + m).
inline constexpr char MessageHole = '\x1f';

/// A method's early exit taken when a state test holds.
struct Guard {
  StateTest When;
  bool Throws = true;  ///< false: it returns an error value instead.
  std::string Message; ///< Thrown text, MessageHole where computed.
  std::string ExceptionType;
  Location Site; ///< The throw (or return) statement.
  /// A guard that returns: the constant it returns (`return
  /// Status::Offline;`, `return -1;`), when it is one.
  std::optional<int64_t> Returns;
};

/// An assignment of a literal value to a state member.
struct StateSet {
  std::string Field;
  std::string Value;
  Location Site;
  /// The method throws after it (`fp_ = nullptr; ... throw IoError(...)`):
  /// a close that throws has closed all the same.
  bool ThrowsAfter = false;
  /// The class every throw after it throws, when they agree.
  std::string ThrowsAfterType;
  /// A statement of the method's body itself (not under a branch, loop or
  /// handler): every normal return runs it.
  bool TopLevel = false;
  /// A statement of the body past returns that all return false, and every
  /// return after it returns true (`if (host_.empty()) return false;
  /// open_ = true; return true;`): it runs on exactly the paths that
  /// return true.
  bool OnlyIfTrue = false;
  /// A throw follows it in its own block, with nothing between that could
  /// leave otherwise (`closed_ = true; throw TimeoutError(...);`): it runs
  /// only on a path that throws.
  bool OnlyBeforeThrow = false;
  /// Like OnlyIfTrue for a method returning a struct: it runs on exactly
  /// the paths whose return gives this bool field true (`return
  /// CloseResult{true, err};` after it, `{false, 0}` before).
  std::string OnlyIfField;
  /// A return of a result class follows it in its own block, with nothing
  /// between that could leave otherwise, and the class's verdict query
  /// (typestate/ResultVerdict.h) of what it returns is VerdictValue there
  /// (`state_ = State::Closed; return Status::ioError(...);`, `return st;`
  /// under `if (st.failed())`): it runs only on paths returning that
  /// verdict. Empty when not known.
  std::string VerdictQuery;
  bool VerdictValue = false;
  /// Instead, the result class's static factory the return calls, defined
  /// in another unit (VerdictOutcome::Factory).
  std::string VerdictFactory;
  /// A statement of the method's body itself, maybe past early returns.
  bool BodyStatement = false;
  /// BodyStatement: how many statements of the body before it may return
  /// (`if (fd_ < 0) return;`). Two sets past the same ones run on the same
  /// normal returns: a later one overrides an earlier one on every path
  /// that returns normally past the first.
  int ReturnsBefore = -1;
  /// Nested in a statement of the body that always goes on to the next
  /// one (`if (state_ == Faulted) { ::close(fd_); state_ = Closed; }`
  /// before opening again): what a later statement of the body sets
  /// overrides it on every path that gets there.
  bool FallsThrough = false;
  /// A statement of the body itself that every normal return runs, after
  /// this many of MethodFacts::Calls (`close(); fd_ = dial();`: 1); -1 for
  /// a set under a branch, a loop or a handler.
  int CallsBefore = -1;
  /// A `return false;` follows it in its own block, with nothing between
  /// that could leave otherwise (`::close(sock_); sock_ = -1; return
  /// false;` in a negotiate()): it runs only on a path that returns false.
  bool OnlyBeforeFalse = false;
  VerdictOutcome verdict() const {
    return {VerdictQuery, VerdictValue, VerdictFactory};
  }
  bool hasVerdict() const {
    return !VerdictQuery.empty() || !VerdictFactory.empty();
  }
};

/// What a function defined in one unit does to an object it is given, for
/// the units that call it without seeing its body (`closeQuietly(fd)` in
/// util.cpp, `Publisher::stop()` closing its member producer).
struct EffectFacts {
  /// Sets: a member flag holds Value on every normal return; CloseOnThrow:
  /// a close on the paths that leave by an exception; Ensures: parameter
  /// Param (an error code or bool reference) holds Value on every normal
  /// return; Awaits: the executor at the root has finished every task on
  /// some path; Spawned: a task handed to the executor Exec and not waited
  /// for uses the object at the root, unchecked.
  /// Keeps: a constructor keeps parameter Value in the callable member at
  /// the root; Runs: a method calls the callable that member holds, when
  /// Pre holds; Returns: the function returns the object at the root;
  /// Rebinds: the function assigns the pointer-like member at the root.
  enum Kind {
    Close,
    Use,
    Sets,
    CloseOnThrow,
    Ensures,
    Awaits,
    Spawned,
    Keeps,
    Runs,
    Returns,
    Rebinds,
    ClosesResult,
    /// Forgets: the function assigns or replaces the object at the root
    /// (`fd_ = -1;`): what the caller knew of it no longer holds.
    Forgets,
    /// TaskUse: a use, checked or not, for code that may run on another
    /// thread (a thread's body calling this function); Guarded when it was
    /// checked open first, without a lock.
    TaskUse,
    /// ProvesOpen: returns normally only where the object was open (a use
    /// that throws once it is closed, on every path).
    ProvesOpen,
    /// Reopens: the object at the root is open again when the function
    /// returns (`out_.open(path)` after closing what it held).
    Reopens,
    /// Invokes: the function calls its callable parameter Param before it
    /// returns (on every path when Must).
    Invokes,
    /// TrueOnlyIf: the function returns a true value only where Pre held
    /// on entry.
    TrueOnlyIf,
    /// ResultField: the struct the function returns has the field Fields[0]
    /// holding Value on every return.
    ResultField,
    /// Aliases: a constructor leaves the member at the root pointing where
    /// the member Exec[0] does.
    Aliases,
    /// FieldTest: the method (a const query of its class) returns true
    /// exactly where the field Fields[0] holds Value.
    FieldTest,
    /// CallableUse, CallableClose: the callable the function returns uses
    /// (closes) the object when it is called.
    CallableUse,
    CallableClose,
    /// Registers: the function hands a callable that uses the object to the
    /// registry Exec[0], which keeps it in its member KeptIn (by the method
    /// Keeper, under the constant key Key when Keyed) and calls it later.
    Registers
  } K = Close;
  /// The profile, as "rule-id/profile-name" (indices differ between units).
  std::string Profile;
  bool OnThis = false; ///< The object is `*this`, else parameter Param.
  /// Instead, the object the accessor function with this USR returns
  /// (`Bus &bus()`, `Metrics::instance()`): one object for every caller.
  std::string Accessor;
  unsigned Param = 0;
  std::vector<std::string> Fields; ///< Members reached from it.
  bool Must = true;                ///< Close: on every path.
  /// Close: only on the paths that return this value.
  std::optional<int64_t> OnlyIfReturns;
  /// Close: only on the paths that return a true value.
  bool OnlyIfTrue = false;
  /// Close, OnlyIfTrue: a negative one (Effect::ResultNegative).
  bool ResultNegative = false;
  /// Forgets: what the object's members hold, not the object itself
  /// (`fread(&footer, ...)` writing the caller's struct).
  bool MembersOnly = false;
  /// Close: of the object the root denoted before the function rebound it.
  bool Prior = false;
  /// Close: on every path where Pre holds on entry.
  bool MustIfPre = false;
  /// Close: only on the paths that leave this parameter set (a failure
  /// reported through an error code or bool reference).
  std::optional<unsigned> OnlyIfParam;
  /// Close: only on the paths that return a struct whose field of this name
  /// holds Value.
  std::string OnlyIfField;
  bool Guarded = false; ///< TaskUse: checked open first.
  /// Close: only where the function's query found the object open.
  bool CheckedOpen = false;
  bool Again = false; ///< Close: the callee reports its own second close.
  /// Spawned: Exec is a member thread the function started and did not
  /// join (Exec has no profile then).
  bool Thread = false;
  /// Registers, CallableUse: the callable holds its own pointer to the
  /// object (a copied shared_ptr).
  bool Pinned = false;
  /// Registers: where the registry keeps the callable (Effect::KeptIn).
  std::string KeptIn, Keeper, Key;
  bool Keyed = false;
  Location Site; ///< The close or use inside the function.
  /// Use: the call in the function's own body that leads to Site, when Site
  /// lies deeper (Effect::Outer); no line when it is Site itself.
  Location OuterSite;
  /// Sets: the value the flag holds after the call; in Pre: the value it
  /// must hold before (a fact of the analysis: kind Eq, Ne or AtLeast).
  uint8_t ValueKind = 0;
  int64_t Value = 0;
  /// Close, Use: only happens when these member flags (root, fields and
  /// value only) hold on entry (`if (!running_) return;`).
  std::vector<EffectFacts> Pre;
  /// Close, CloseOnThrow: the member flags (root, fields and value only)
  /// that hold wherever the function leaves the object closed.
  std::vector<EffectFacts> While;
  /// TaskUse, Spawned: the mutexes (root and fields) held at the use. Close,
  /// Prior: those held from the close until the function rebound the root.
  std::vector<EffectFacts> HeldLocks;
  /// Spawned: the executor (root and fields; Profile is its profile).
  std::vector<EffectFacts> Exec;
  /// CloseOnThrow: the classes (qualified names; "<std>" for the standard
  /// library's) that may leave where it is closed, when known.
  std::optional<std::vector<std::string>> Thrown;
};

/// The facts of the functions a unit defines, for other units, are kept as
/// the methods of a class of this name: each method is named by its
/// function's USR and has Effects only.
inline constexpr const char *FunctionSummaries = "<function summaries>";

/// What one method of a class does to its state.
struct MethodFacts {
  std::string Name;
  bool Public = true;
  Location Site; ///< The method's definition.
  std::vector<Guard> Guards;
  std::vector<StateSet> Sets;
  /// The method returns a test of the state: Query.holdsFor() is its result
  /// unless Negated.
  std::optional<StateTest> Query;
  bool QueryNegated = false;
  /// Not a query of the state alone: the method returns true only where
  /// this test of it holds (`return !closed_ && link_.up();`). A guard on
  /// its false result (`if (!isOpen()) throw`) covers the test's failure.
  std::optional<StateTest> TrueOnlyWhen;
  /// Tests every one of the method's state writes needs to hold on entry:
  /// it returns first where one fails (`if (state_ == State::Closed)
  /// return;`) or writes only under it (`if (state_ == State::Open)
  /// state_ = State::Paused;`). After a close none holds for, the method
  /// changes nothing.
  std::vector<StateTest> SetsOnlyWhen;
  /// Methods of the same object it calls on every path (not under a
  /// condition, a loop or a try).
  std::vector<std::string> Calls;
  /// The tests under which the body returns early with nothing failing
  /// (`if (closed_ || fading_) return;`), in order; CallExits[I] is how
  /// many of them precede Calls[I] (empty when there are none).
  std::vector<StateTest> Exits;
  std::vector<unsigned> CallExits;
  /// The method of the same object whose result a return of the body
  /// itself returns (`return open();`).
  std::string ReturnsCall;
  /// The body does nothing but test the object and throw (`void
  /// ensureOpen() const { if (state_ == Closed) throw ...; }`): a call of
  /// it is the program's own check, failing loudly by design.
  bool OnlyChecks = false;
  /// Methods of the same object it calls in a block that then returns a
  /// result of one verdict (`close(); return Result::failure(...);`), with
  /// that verdict (StateSet::VerdictQuery).
  std::vector<std::pair<std::string, VerdictOutcome>> CallsBeforeVerdict;
  /// The bool fields of the struct it returns that every other return
  /// gives false (`return CloseResult{false, 0};`).
  std::vector<std::string> FalseFieldsElsewhere;
  /// In the FunctionSummaries class only: what the function does to what
  /// it is given.
  std::vector<EffectFacts> Effects;
  /// Executor and callback-registry inference (Executors.cpp, read by
  /// WorkFacts.h): the member the method keeps a callable parameter in
  /// (parameter StoreParam, under the key parameter StoreKey or -1), for the
  /// object's threads or a later call to run.
  std::string StoresCallableIn;
  Location StoreSite;
  int StoreParam = -1, StoreKey = -1;
  /// The member whose kept callables it calls (those under the key
  /// parameter RunKey, or all), and the member it removes them from.
  std::string RunsFrom;
  int RunKey = -1;
  /// Runs only the callables whose entry matches what a parameter holds
  /// (`if (s.name == event.name) s.handler(event);`), by no key parameter.
  bool RunSelected = false;
  /// RunSelected: the field of parameter RunKey the entries are matched
  /// against (`entry.kind == event.kind`), or empty for the parameter.
  std::string RunKeyField;
  /// Runs them last-kept first (`for (auto it = hooks_.rbegin(); ...)`).
  bool RunReversed = false;
  Location RunSite;
  std::string DropsFrom;
  int DropKey = -1;
  Location DropSite;
  /// The member threads it joins, or the member condition variable or
  /// futures it waits on: the method waits for the object's work.
  std::string WaitsOn;
  Location WaitSite;
};

/// Everything one translation unit saw of one class.
struct ClassFacts {
  std::string Name; ///< Qualified, e.g. "net::Pipe".
  Location Site;
  std::vector<MethodFacts> Methods; ///< Only methods with a body.
  /// Members that are, or hold, std::threads (`std::vector<std::thread>
  /// workers_`).
  std::vector<std::string> Threads;
  /// Members whose stored callables the class's code calls (the loop its
  /// threads run: `task = std::move(tasks_.front()); task();`).
  std::vector<std::string> Runs;
};

/// A class's inferred protocol: which methods close, use, reopen and query
/// the object, and why.
struct InferredProtocol {
  std::string Class;
  StateTest Closed; ///< What "closed" means for the class's state.
  std::vector<std::string> Close, Use, Reopen, QueryClosed, QueryOpen;
  /// Reopens that open only on the paths that return true
  /// (Profile::ReopenIfTrue).
  std::vector<std::string> ReopenIfTrue;
  /// Closes that close only on the paths that return true
  /// (Profile::CloseIfTrue).
  std::vector<std::string> CloseIfTrue;
  /// Closes that close only on the paths that return false
  /// (Profile::CloseIfFalse).
  std::vector<std::string> CloseIfFalse;
  /// (Profile::CloseIfField.)
  std::map<std::string, std::string> CloseIfField;
  /// (Profile::CloseIfVerdict.)
  std::map<std::string, std::vector<VerdictOutcome>> CloseIfVerdict;
  /// (Profile::ReopenIfVerdict.)
  std::map<std::string, std::vector<VerdictOutcome>> ReopenIfVerdict;
  /// The uses whose guard returns an error instead of throwing
  /// (Profile::ErrorResult).
  std::vector<std::string> ErrorResult;
  /// Of those, the constant each returns there (Profile::UseFailsWithOf).
  std::map<std::string, int64_t> ErrorValues;
  /// Reopens that return early after some closes (Profile::ReopenNotAfter).
  std::map<std::string, std::vector<std::string>> ReopenNotAfter;
  /// The closes that throw when the object is already closed, and that
  /// throw (its guard): a second call is a double close.
  std::vector<std::string> CloseTwiceFails;
  /// Closes that may throw after setting the closed state.
  std::vector<std::string> ClosesWhenThrowing;
  /// What each of those throws after closing, when one class.
  std::map<std::string, std::string> ClosesWhenThrowingTypes;
  /// The classes the uses' guards throw (empty name: not a class).
  std::set<std::string> UseThrowTypes;
  /// Closes that set an open state again before they return (`rotate()`:
  /// `fp_ = nullptr; ... fp_ = next;`): closed only when they throw.
  std::vector<std::string> ClosesOnlyWhenThrowing;
  /// Uses whose body only tests the object and throws (MethodFacts::
  /// OnlyChecks): the program's own checks.
  std::vector<std::string> Checks;
  Guard TwiceFailure;
  /// The guard that makes a call fail, with the method it is in.
  Guard Failure;
  std::string FailingMethod;
  std::string CloseMethod;   ///< One close, for the explanation.
  Location CloseSite;      ///< Where it sets the state.
  std::vector<std::string> RecordIds; ///< Records whose message it throws.
  std::string RuleId;                 ///< The rule whose profile it becomes.
  /// Every use is one a catalogue profile naming the class lists (it
  /// reports them): this protocol only says how the class's own code
  /// reopens and queries it, which that profile does not know.
  bool UsesListed = false;
  /// Why each method has its role: "file:line: sets 'closed_' to true".
  std::map<std::string, std::string> Evidence;
};

/// A class that runs the callables it is given on threads it owns: a
/// thread pool known by what it does, whatever its name. A callable handed
/// to one of its Submit methods may still be running until one of its Wait
/// methods returns.
struct InferredExecutor {
  std::string Class;
  std::vector<std::string> Threads; ///< The members that hold its threads.
  std::vector<std::string> Submit, Wait;
  Location StoreSite; ///< Where a submit keeps the callable.
  std::string RuleId; ///< The close-while-in-use rule its tasks are under.
  /// Why each method has its role: "file:line: keeps the callable in
  /// 'tasks_'".
  std::map<std::string, std::string> Evidence;
};

/// The executors among the classes of Facts (merged): a class that owns
/// threads and has a public method that keeps a callable parameter in a
/// member whose callables the class's code calls. Its waits are the public methods that join its threads or wait
/// on its condition variables or futures, and the methods that call one on
/// every path. None without a close-while-in-use rule in Cat.
std::vector<InferredExecutor>
deriveExecutors(const std::vector<ClassFacts> &Facts, const Catalog &Cat);

/// A class that keeps the callables it is given and calls them later on
/// the caller's thread (a dispatcher's handlers, a signal's slots, a timer
/// wheel the caller polls): a callable handed to a Store method runs when a
/// Run method of the same object is called, until a Drop method removes it.
struct InferredRegistry {
  struct Role {
    std::string Method;
    std::string Member; ///< The member that keeps the callables.
    int Callable = -1;  ///< Store: the parameter that is kept.
    int Key = -1;       ///< The parameter they are kept or found by, or -1.
    Location Site;      ///< The store, call or removal in the method.
    /// Run: only some, matched against what a parameter holds in a way
    /// errlint cannot name (MethodFacts::RunSelected).
    bool Selected = false;
    /// Run: last-kept first (MethodFacts::RunReversed).
    bool Reversed = false;
    /// Run: the field of the Key parameter matched (RunKeyField).
    std::string KeyField;
  };
  std::string Class;
  std::vector<Role> Store, Run, Drop;
};

/// The executor profile of a pool, for the close-while-in-use rule: its
/// submits and waits, with the evidence as a note.
Profile executorProfile(const InferredExecutor &E);

/// --list-protocols' blocks for the pools and the callback registries.
std::string describeWork(const std::vector<InferredExecutor> &Executors,
                         const std::vector<InferredRegistry> &Registries);

/// "'a()', 'b()'": the methods a note or listing names.
std::string joinNames(const std::vector<std::string> &Names);

/// The callback registries among the classes of Facts (merged): a class
/// with no threads of its own whose public methods keep a callable
/// parameter in a member and call the callables that member keeps.
std::vector<InferredRegistry>
deriveRegistries(const std::vector<ClassFacts> &Facts);

/// Decides the protocol of each class in Facts (merged) that has one, and
/// the records and rule each cites. The uses a catalogue profile naming the
/// class already lists are left to that profile.
std::vector<InferredProtocol> deriveProtocols(const std::vector<ClassFacts> &Facts,
                                              const Catalog &Cat);

/// The ids of the records whose message or pattern Message (a template with
/// MessageHole where computed) can produce.
std::vector<std::string> matchingRecords(const std::string &Message,
                                         const Catalog &Cat);

/// Message with its holes shown as "...".
std::string displayMessage(const std::string &Message);

/// Rules holding one profile per protocol, each a copy of the rule the
/// protocol belongs to (same id, severity and records) with only inferred
/// profiles. The profiles carry their evidence as notes.
/// The executors are profiles of the catalogue's close-while-in-use rule.
std::vector<Rule> protocolRules(const std::vector<InferredProtocol> &Protocols,
                                const std::vector<InferredExecutor> &Executors,
                                const Catalog &Cat);

/// A rules file ({"rules": [...]}) holding the protocols' profiles, for a
/// person to review and commit; it loads with --rules.
nlohmann::json
protocolRulesFile(const std::vector<InferredProtocol> &Protocols,
                  const std::vector<InferredExecutor> &Executors,
                  const Catalog &Cat);

/// --list-protocols: one block per class, with the evidence of each role.
std::string describeProtocols(const std::vector<InferredProtocol> &Protocols,
                              const std::vector<InferredExecutor> &Executors,
                              const std::vector<InferredRegistry> &Registries);

nlohmann::json factsToJson(const std::vector<ClassFacts> &Facts);
/// Throws nlohmann::json::exception when J is not what factsToJson wrote.
std::vector<ClassFacts> factsFromJson(const nlohmann::json &J);

} // namespace errlint

#endif
