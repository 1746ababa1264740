//===- Handler.h - Where the typestate's diagnostics leave -----*- C++ -*-===//
//
// As in clang's -Wconsumed (ConsumedWarningsHandlerBase): the analysis
// decides what is wrong and where, and holds no message text; a Handler
// says it. Each report carries what the analysis knows, in the terms of the
// code (the object's and the callee's names, the closes that reached the
// call); ../analyses/ turns each kind into a finding.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TYPESTATE_HANDLER_H
#define ERRLINT_TYPESTATE_HANDLER_H

#include "Engine.h"
#include <optional>
#include <string>
#include <vector>

namespace errlint {
namespace typestate {

/// A close a finding points back to.
struct CloseEvent {
  enum Kind : uint8_t {
    Direct,     ///< The close call itself.
    ByCall,     ///< A call to a function that closes it (Inner: where).
    ByScopeEnd, ///< A destructor or deleter run when a scope ends.
    /// An earlier call of another method of the class (By), which closes
    /// it here on some paths and leaves the member pointing at it.
    ByEarlierCall,
    /// Not a close: the test there (By: the query) found it closed.
    ByQuery,
  } How = Direct;
  /// The close, the call to the closing function, or the scope's end.
  Location Loc;
  /// ByCall: the callee's name. ByScopeEnd: what ran it ("'g' is
  /// destroyed").
  std::string By;
  /// Where the callee or the destructor closes the object, when known.
  std::optional<Location> Inner;
  /// The close is at or after the finding: it ran on an earlier iteration.
  bool EarlierIteration = false;
};

/// What every report of the typestate says.
struct ObjectReport {
  unsigned Profile = 0; ///< The compiled profile the object is tracked under.
  Location Loc;
  std::string Function; ///< The qualified name of the enclosing function.
  std::string Object;   ///< How the code names the object.
};

/// A call on an object that was (or may have been) closed.
struct UseAfterCloseReport : ObjectReport {
  std::string Callee;
  bool MaybeOpen = false; ///< Some path reaches the call with it open.
  /// Where the callee uses the object, when the use is inside the callee.
  std::optional<Location> InnerUse;
  /// The call in the callee's own body that leads there, when the use is
  /// deeper still (a helper of a helper, a template's inlined method).
  std::optional<Location> OuterUse;
  std::vector<CloseEvent> Closes;
  /// A use a destructor makes: Loc is the use inside it, Trigger where it
  /// runs, TriggerWhat what runs it ("member 'logger_' is destroyed").
  std::optional<Location> Trigger;
  std::string TriggerWhat;
};

/// A thread or task started after the object it uses was closed.
struct TaskAfterCloseReport : ObjectReport {
  std::string Task; ///< "thread", "async task", ...
  bool MaybeOpen = false;
  Location Use; ///< Where the task uses the object.
  std::vector<CloseEvent> Closes;
};

/// A call that runs a callable an object keeps (a dispatcher's emit(), a
/// signal fired) when the callable uses an object closed since: the
/// callable's use fails, on this thread, inside the call.
struct CallbackAfterCloseReport : ObjectReport {
  std::string Callee; ///< The method that runs the callable.
  std::string Keeper; ///< The method that was given it.
  bool MaybeOpen = false;
  Location Kept; ///< The call that handed the callable over.
  Location Use;  ///< Where the callable uses the object.
  std::string UseCallee;
  std::vector<CloseEvent> Closes;
  /// The other callables the same call runs into the closed object.
  struct OtherCallback {
    Location Kept;
    std::string Keeper;
    Location Use;
    std::string UseCallee;
  };
  std::vector<OtherCallback> Others;
};

/// A close of an object that was (or may have been) closed already.
struct DoubleCloseReport : ObjectReport {
  std::string Callee;
  bool MaybeOpen = false;
  std::vector<CloseEvent> Closes;
  /// A second close a destructor makes (a scope guard's lambda): Loc is
  /// that close, Trigger where the scope ends, TriggerWhat what runs it
  /// ("'finalize' is destroyed").
  std::optional<Location> Trigger;
  std::string TriggerWhat;
  /// Where a callee (Callee) makes the second close, when Loc is the call.
  std::optional<Location> CalleeClose;
};

/// A close while a thread or task that uses the object may be running.
struct CloseWhileInUseReport : ObjectReport {
  std::string Task;
  bool Detached = false;
  /// The task checks the object open, but not under a lock held here.
  bool CheckedUnlocked = false;
  Location Start; ///< Where the task is started.
  /// The executor's profile, when the task runs on one.
  std::optional<unsigned> ExecutorProfile;
  Location Use;   ///< Where it uses the object.
  std::string UseCallee; ///< Empty: a use inside another unit.
  /// When the close is inside a function this one calls, Loc is the call
  /// made here (ViaCallee names its callee) and Via the close inside it.
  std::optional<Location> Via;
  std::string ViaCallee;
  /// The other way round: the task closes the object (at Use) while the
  /// code that started it uses it at Loc (a call to LocCallee).
  bool ClosedByTask = false;
  std::string LocCallee; ///< ClosedByTask: the use made at Loc.
};

/// Receives the typestate's reports, one call per risky call site.
class Handler {
public:
  virtual ~Handler();
  virtual void useAfterClose(const UseAfterCloseReport &R) = 0;
  virtual void taskAfterClose(const TaskAfterCloseReport &R) = 0;
  virtual void callbackAfterClose(const CallbackAfterCloseReport &R) = 0;
  virtual void doubleClose(const DoubleCloseReport &R) = 0;
  virtual void closeWhileInUse(const CloseWhileInUseReport &R) = 0;
};

} // namespace typestate
} // namespace errlint

#endif
