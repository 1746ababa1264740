//===- Lattice.h - The typestate lattice and per-point store ----*- C++ -*-===//
//
// The abstract state at a program point (State) and its parts: what may
// have closed each tracked object (Closed), facts about local values and
// member flags (Fact), threads that may be running (Task), locks held.
// join() merges the states of two incoming edges; Fact::implies and
// Fact::hull order facts. Nothing here needs clang: the store holds
// expressions and declarations only as pointers.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TYPESTATE_LATTICE_H
#define ERRLINT_TYPESTATE_LATTICE_H

#include "typestate/Path.h"
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace errlint {
struct Location;
namespace typestate {

/// What the analysis tracks: one object under one profile.
struct Key {
  unsigned Profile;
  Path P;
  bool operator<(const Key &O) const {
    if (Profile != O.Profile)
      return Profile < O.Profile;
    return std::lexicographical_compare(P.begin(), P.end(), O.P.begin(),
                                        O.P.end());
  }
  bool operator==(const Key &O) const {
    return Profile == O.Profile && P == O.P;
  }
  /// In State::TouchedKeys: the object at P under every profile (opened
  /// again by a reopen every rule that tracks it honours).
  static constexpr unsigned EveryProfile = ~0u;
};

/// A known property of a local variable: it equals Value, differs from it
/// (so "truthy" is {Ne, 0}), is at least Value (a counter stepped up since
/// it was known exactly, as loop counters are) or at most Value (what
/// `i < n` says of `i - n` inside the loop).
struct Fact {
  /// In: one of a few small values (0 to MaxMember), Value holding them as
  /// a bit set: a switch's cases joined (`case Idle: case Watering:`), two
  /// enumerators tested apart. At most MaxInSize of them, so that a loop's
  /// counter joins into a bound in a few steps.
  enum KindT : uint8_t { Eq, Ne, AtLeast, AtMost, In } Kind = Eq;
  int64_t Value = 0;
  static constexpr int64_t MaxMember = 62;
  static constexpr unsigned MaxInSize = 4;

  bool operator==(const Fact &O) const {
    return Kind == O.Kind && Value == O.Value;
  }
  bool operator<(const Fact &O) const {
    return std::tie(Kind, Value) < std::tie(O.Kind, O.Value);
  }
  static bool member(int64_t V) { return V >= 0 && V <= MaxMember; }
  /// The values an Eq or In fact allows, as a bit set (0 when Eq is not a
  /// small value).
  uint64_t mask() const {
    if (Kind == In)
      return static_cast<uint64_t>(Value);
    return Kind == Eq && member(Value) ? uint64_t(1) << Value : 0;
  }
  static int64_t lowest(uint64_t M) {
    int64_t V = 0;
    while (M && !(M & 1)) {
      M >>= 1;
      ++V;
    }
    return V;
  }
  static int64_t highest(uint64_t M) {
    int64_t V = -1;
    for (; M; M >>= 1)
      ++V;
    return V;
  }
  static unsigned count(uint64_t M) {
    unsigned N = 0;
    for (; M; M &= M - 1)
      ++N;
    return N;
  }
  /// An In fact of the values in M, or the Eq fact of its only one.
  static Fact ofMask(uint64_t M) {
    if (count(M) == 1)
      return Fact{Eq, lowest(M)};
    return Fact{In, static_cast<int64_t>(M)};
  }

  /// True when no value satisfies both.
  bool contradicts(const Fact &O) const {
    if (Kind > O.Kind)
      return O.contradicts(*this);
    if (O.Kind == In) {
      uint64_t M = O.mask();
      switch (Kind) {
      case Eq:
        return !member(Value) || !(M >> Value & 1);
      case Ne:
        return M == mask1(Value);
      case AtLeast:
        return highest(M) < Value;
      case AtMost:
        return lowest(M) > Value;
      case In:
        return (mask() & M) == 0;
      }
      return false;
    }
    switch (Kind) {
    case Eq:
      switch (O.Kind) {
      case Eq:
        return Value != O.Value;
      case Ne:
        return Value == O.Value;
      case AtLeast:
        return Value < O.Value;
      case AtMost:
        return Value > O.Value;
      case In:
        return false;
      }
      return false;
    case AtLeast:
      return O.Kind == AtMost && Value > O.Value;
    case Ne:
    case AtMost:
    case In:
      return false;
    }
    return false;
  }
  static uint64_t mask1(int64_t V) {
    return member(V) ? uint64_t(1) << V : 0;
  }
  /// True when every value this fact allows is one O allows.
  bool implies(const Fact &O) const {
    if (Kind == In) {
      uint64_t M = mask();
      switch (O.Kind) {
      case Eq:
        return count(M) == 1 && lowest(M) == O.Value;
      case Ne:
        return !(M & mask1(O.Value));
      case AtLeast:
        return lowest(M) >= O.Value;
      case AtMost:
        return highest(M) <= O.Value;
      case In:
        return (M & ~O.mask()) == 0;
      }
      return false;
    }
    switch (O.Kind) {
    case Eq:
      return Kind == Eq && Value == O.Value;
    case Ne:
      switch (Kind) {
      case Eq:
        return Value != O.Value;
      case Ne:
        return Value == O.Value;
      case AtLeast:
        return Value > O.Value;
      case AtMost:
        return Value < O.Value;
      case In:
        return false;
      }
      return false;
    case AtLeast:
      return (Kind == Eq || Kind == AtLeast) && Value >= O.Value;
    case AtMost:
      return (Kind == Eq || Kind == AtMost) && Value <= O.Value;
    case In:
      return Kind == Eq && (O.mask() & mask1(Value));
    }
    return false;
  }
  /// The weakest fact both imply, if one can be said: one of them, the few
  /// small values of both (`== 0` and `== 1` give `in {0, 1}`), or a bound
  /// for two values (`== 1` and `== 70` give `>= 1`).
  std::optional<Fact> hull(const Fact &O) const {
    if (implies(O))
      return O;
    if (O.implies(*this))
      return *this;
    if ((Kind == Eq || Kind == In) && (O.Kind == Eq || O.Kind == In) &&
        mask() && O.mask() && count(mask() | O.mask()) <= MaxInSize)
      return ofMask(mask() | O.mask());
    // Bounds of a set: its lowest or highest value.
    Fact A = Kind == In ? Fact{Eq, lowest(mask())} : *this;
    Fact B = O.Kind == In ? Fact{Eq, lowest(O.mask())} : O;
    if (Kind == In || O.Kind == In) {
      Fact Hi = Kind == In ? Fact{Eq, highest(mask())} : *this;
      Fact OHi = O.Kind == In ? Fact{Eq, highest(O.mask())} : O;
      if ((A.Kind == Eq || A.Kind == AtLeast) &&
          (B.Kind == Eq || B.Kind == AtLeast))
        return Fact{AtLeast, std::min(A.Value, B.Value)};
      if ((Hi.Kind == Eq || Hi.Kind == AtMost) &&
          (OHi.Kind == Eq || OHi.Kind == AtMost))
        return Fact{AtMost, std::max(Hi.Value, OHi.Value)};
      return std::nullopt;
    }
    auto Either = [&](KindT K1, KindT K2) {
      return (Kind == K1 || Kind == K2) && (O.Kind == K1 || O.Kind == K2);
    };
    if (Either(Eq, AtLeast))
      return Fact{AtLeast, std::min(Value, O.Value)};
    if (Either(Eq, AtMost))
      return Fact{AtMost, std::max(Value, O.Value)};
    return std::nullopt;
  }
  /// One fact that says what this and O (both known of the same value) do,
  /// as far as one can: the stronger one, or `== v` for `>= v` and `<= v`,
  /// the values of a set the other allows; otherwise this one (a loop
  /// counter's lower bound, which the loop's upper bound must not
  /// replace). Callers only ask when the two do not contradict.
  Fact meet(const Fact &O) const {
    if (O.implies(*this))
      return O;
    if (Kind == In || O.Kind == In) {
      uint64_t M = Kind == In ? mask() : O.mask();
      const Fact &Other = Kind == In ? O : *this;
      uint64_t Kept = 0;
      for (int64_t V = 0; V <= MaxMember; ++V)
        if ((M >> V & 1) && !Fact{Eq, V}.contradicts(Other))
          Kept |= mask1(V);
      return Kept ? ofMask(Kept) : *this;
    }
    if (((Kind == AtLeast && O.Kind == AtMost) ||
         (Kind == AtMost && O.Kind == AtLeast)) &&
        Value == O.Value)
      return Fact{Eq, Value};
    return *this;
  }
  /// The same fact of the variable after it was stepped by Delta; none for
  /// an upper bound stepped up (joined with the last iteration's it would
  /// rise forever, and the loop's facts would never settle).
  std::optional<Fact> stepped(int64_t Delta) const {
    if (Kind == AtMost && Delta > 0)
      return std::nullopt;
    if (Kind == In) {
      // A set stepped out of the small values is a bound.
      uint64_t M = mask();
      if (lowest(M) + Delta < 0 || highest(M) + Delta > MaxMember)
        return Fact{AtLeast, lowest(M) + Delta};
      return ofMask(Delta >= 0 ? M << Delta : M >> -Delta);
    }
    return Fact{Kind, Value + Delta};
  }
  /// The same fact after the variable grew by some amount of at least 0
  /// (`sent += chunk.size()`): only a lower bound survives.
  std::optional<Fact> grown() const {
    if (Kind == AtLeast || Kind == Eq)
      return Fact{AtLeast, Value};
    if (Kind == In)
      return Fact{AtLeast, lowest(mask())};
    return std::nullopt;
  }
};

/// Facts about local variables (VarDecl) and about the results of calls
/// (CallExpr) that branch conditions test.
using Facts = std::map<const void *, Fact>;

/// A guard found in a branch condition: the object is open when the
/// condition evaluates to OpenWhen.
struct Guard {
  Key K;
  bool OpenWhen;
  /// The condition proves the object open one way only: the other way it
  /// may be in a third state (`state() != State::Active` of a session that
  /// is also Handshake before Closed), not known closed.
  bool OnlyOpen = false;
  bool operator==(const Guard &O) const {
    return K == O.K && OpenWhen == O.OpenWhen;
  }
};

/// The close calls that may reach a point, whether some path reaches it with
/// the object still open, and the facts that held on every closing path.
struct Closed {
  llvm::SmallVector<const clang::Expr *, 2> Sites;
  bool MaybeOpen = false;
  Facts Cond;
  /// What was known of the member flags' values on entry when it was
  /// closed (State::Entry then): the caller's flags the close needs.
  Facts EntryCond;
  /// MaybeOpen only because a helper closed it when returning a value:
  /// a branch on that result (Cond[OpenUnless]) settles it.
  const void *OpenUnless = nullptr;
  /// Closed only on the exception edge of a close whose code is not seen
  /// (it may have closed before it threw): this function's handlers weigh
  /// it, its callers are not told.
  bool OnlyByThrow = false;
  /// The stored queries of it the close made stale (`bool ok =
  /// peer->alive();` before a helper that closes it only when it returns
  /// true): a branch that refutes the close gives them back.
  std::map<const clang::VarDecl *, std::vector<Guard>> StaleQueries;
  /// MaybeOpen because some paths here left it open: what those paths
  /// learned of entry values (State::Entry), all of them; none when a path
  /// may have left it open without saying (a callee's "maybe" close).
  std::optional<Facts> OpenEntry;
  /// Not closed by this function: an earlier call of this method of the
  /// class may have left the member closed (Sites are its closes), and
  /// nothing reset it. Reported here, never exported: the caller's own
  /// state of the object is what a summary speaks of.
  const clang::FunctionDecl *SeededBy = nullptr;
  /// Closed only where one of these holds: the paths joined here closed it
  /// under different conditions (`if (!expect(fd) || !send(fd, std::string(..)))`
  /// whose temporaries join both failures before the branch). A branch
  /// that refutes all of them reaches it open.
  Facts AnyCond;
  /// Paths joined here closed it under alternatives AnyCond could not keep
  /// (two different sets): none are said from now on, or the join would
  /// pick new ones and a loop's states would never settle.
  bool AnyLost = false;
  /// On the way from a call that threw to its handlers: the classes it may
  /// throw where the object is closed (StdThrow: the standard library's);
  /// none when any. A handler none of them reaches sees it open.
  std::optional<std::set<const void *>> Thrown;
  /// Known closed only because the code asked (`if (!c.isClosed())
  /// return;`): this function did not close it, so it never tells its
  /// callers it did. Sites are the conditions that asked.
  bool Queried = false;
  /// Every close that left it so was made where a query had just found it
  /// open: the function never closes it a second time.
  bool Checked = false;
  /// Every close that left it so was made holding these mutexes, with these
  /// member flags known as set under one of them (`stopping_ = true;
  /// sink_.close();` under mu_): a thread that tests the flag under the
  /// same mutex before its use is serialized with the close. Empty when
  /// not.
  std::set<Path> SerialLocks;
  Facts SerialFlags;
  /// The mutexes held without a break since every close that left it so:
  /// a flag set under one of them later in the same critical section
  /// (`bus_.close(); state_ = State::Closed;` under mu_) serializes the
  /// close as one set before it would (SerialFlags).
  std::set<Path> HeldSince;
  /// Prior closes (of what a member denoted before it was rebound): the
  /// mutexes held from the close until the rebinding, so no other thread
  /// holding one of them met the member closed.
  std::set<Path> ReboundUnder;
  /// A close that left it so met it already closed, and this function (or
  /// a callee it called) reports that second close itself: a caller that
  /// closed it first does not report the same second close again. Not when
  /// the first close was made only where a query found the object open
  /// (`if (!c.closed()) c.close(); c.close();`): after the caller's close,
  /// the caller's is the close that makes the second one.
  bool Again = false;

  bool operator==(const Closed &O) const {
    return MaybeOpen == O.MaybeOpen && Sites == O.Sites && Cond == O.Cond &&
           Again == O.Again &&
           SerialLocks == O.SerialLocks && SerialFlags == O.SerialFlags &&
           HeldSince == O.HeldSince && ReboundUnder == O.ReboundUnder &&
           AnyCond == O.AnyCond &&
           AnyLost == O.AnyLost && Thrown == O.Thrown && Queried == O.Queried &&
           Checked == O.Checked &&
           EntryCond == O.EntryCond && OpenUnless == O.OpenUnless &&
           OnlyByThrow == O.OnlyByThrow && OpenEntry == O.OpenEntry &&
           SeededBy == O.SeededBy && StaleQueries == O.StaleQueries;
  }
};

/// A use of an object by code running on another thread, and whether it
/// is checked (isClosed()...) under locks that are still held at the use.
struct TaskUse {
  Key K;
  const clang::Expr *Site = nullptr;
  /// The use inside a function another unit defines (Site is null then).
  const Location *Remote = nullptr;
  bool Guarded = false;
  std::set<Path> GuardLocks;
  /// Member flags tested before the use (`if (stopping_) return;`) under
  /// locks held since: a closer that sets the flag under one of them before
  /// closing is serialized with the use.
  std::vector<std::pair<Path, Fact>> FlagPre;
  std::set<Path> FlagLocks;
  /// The mutexes held at the use itself: a close that rebinds the object
  /// before releasing one of them (`fclose(out_); out_ = next;` under mu_)
  /// never leaves it closed for a use made under it.
  std::set<Path> HeldLocks;
  /// The callable reaches the object through a pointer it holds itself (a
  /// shared_ptr or pointer captured by copy): rebinding the pointer it was
  /// copied from leaves the callable with the old object.
  bool Pinned = false;

  auto tie() const {
    return std::tie(K, Site, Remote, Guarded, GuardLocks, FlagPre, FlagLocks,
                    HeldLocks, Pinned);
  }
  bool operator==(const TaskUse &O) const { return tie() == O.tie(); }
};

/// A thread or task that may be running: started on some path and not yet
/// joined or awaited on it.
struct Task {
  const clang::Expr *Start = nullptr;
  std::string What = "thread";
  std::optional<Path> Handle;   ///< Joined (thread) or awaited (future).
  std::optional<Path> Executor; ///< Waited for through its executor.
  /// The executor's profile, whose evidence explains an inferred pool.
  std::optional<unsigned> ExecProfile;
  bool Detached = false;
  std::vector<TaskUse> Uses;
  std::vector<Path> Signals; ///< Latches or barriers it counts down.
  /// What it closes (and where, inside it): closed once it has ended.
  std::vector<std::tuple<Key, const clang::Expr *, bool>> Closes;
  /// What its flags held where it closed each object (Effect::While): once
  /// it has ended, those hold where the object is closed (`state_ =
  /// Closed;` beside the close its run made).
  std::map<Key, Facts> CloseWhile;
  /// A close of it made holding these mutexes with these member flags set
  /// under one of them (Effect::SerialFlags): a use that tests a flag under
  /// the same mutex and needs another value is serialized with it.
  struct SerialClose {
    Key K;
    std::set<Path> Locks;
    std::vector<std::pair<Path, Fact>> Flags;
    bool operator==(const SerialClose &O) const {
      return K.Profile == O.K.Profile && K.P == O.K.P && Locks == O.Locks &&
             Flags == O.Flags;
    }
  };
  std::vector<SerialClose> SerialCloses;
  /// What it reopens or replaces (Effect::Reset): open again for the
  /// callables run after it, whatever the ones before it closed.
  std::vector<Path> Reopens;
  /// What holds on every path where it runs (`start()` returned true): a
  /// branch that contradicts it has no such task.
  Facts Cond;
  /// The member flag (a subject of Cond) the thread sets as its last
  /// action: a method that waits for it to be set waits for the thread.
  const void *Finishing = nullptr;
  /// Started by another method of the class, before this one ran: not
  /// this function's to report to its callers.
  bool Seeded = false;
  /// Seeded into a method that does not wait for it: only the closes the
  /// method makes itself race with it.
  bool DirectClosesOnly = false;

  bool operator==(const Task &O) const {
    return Start == O.Start && What == O.What && Handle == O.Handle &&
           Executor == O.Executor && ExecProfile == O.ExecProfile &&
           Detached == O.Detached &&
           Uses == O.Uses && Signals == O.Signals && Closes == O.Closes &&
           CloseWhile == O.CloseWhile &&
           SerialCloses == O.SerialCloses && Reopens == O.Reopens &&
           Cond == O.Cond && Finishing == O.Finishing && Seeded == O.Seeded &&
           DirectClosesOnly == O.DirectClosesOnly;
  }
};

/// A callable an object keeps (a dispatcher's handler, a signal's slot):
/// it runs on this thread when one of the object's run methods is called.
struct KeptCallable {
  /// The call that handed it over; null when another unit's code made it
  /// (a constructor defined there), which KeptAt then locates.
  const clang::Expr *Kept = nullptr;
  const Location *KeptAt = nullptr;
  std::string Keeper;                ///< That call's method.
  /// The key it is kept under ("s:trade.settled"), when it has one; empty
  /// when the key is not a constant.
  bool Keyed = false;
  std::string Key;
  std::vector<TaskUse> Uses;
  /// What it closes (and where, inside it; whether on every path): closed
  /// for the callables run after it (a shutdown plan's steps).
  std::vector<std::tuple<typestate::Key, const clang::Expr *, bool>> Closes;
  /// What it reopens (Task::Reopens).
  std::vector<Path> Reopens;
  /// Where the keeping call's result went (`heartbeat_ = timer.every(...)`):
  /// a drop given what that place holds (`timer.cancel(heartbeat_)`) drops
  /// this callable, not those kept under other tokens.
  std::optional<Path> Token;

  auto tie() const {
    return std::tie(Kept, KeptAt, Keeper, Keyed, Key, Uses, Closes, Reopens,
                    Token);
  }
  bool operator==(const KeptCallable &O) const { return tie() == O.tie(); }
};

struct State {
  std::map<Key, Closed> Keys;
  std::map<const clang::Expr *, Task> Tasks;
  /// The callables objects keep, by object and the member keeping them.
  std::map<std::pair<Path, std::string>, std::vector<KeptCallable>> Kept;
  /// The callables of each element of a container dropped on some path (by
  /// where they were kept and the call that kept them): a join drops them
  /// on every path (`for (auto &r : routes) r->dawn();` cancels each
  /// route's task on the paths that enter the loop, where it closes too;
  /// where it is not entered there is no route, and no task).
  /// With the token each was kept under (KeptCallable::Token).
  std::map<std::pair<std::pair<Path, std::string>, const clang::Expr *>,
           std::optional<Path>>
      DroppedKept;
  /// Operations started on an object whose completion handler stores the
  /// error it gets in a local (`[&](error_code e, size_t) { error = e; }`):
  /// closing the object fails them, so once it is closed the local is set.
  std::map<Path, std::set<const void *>> PendingErrors;
  /// Mutexes held, the lock objects holding them, and the objects checked
  /// open (isClosed(), is_open()) with the mutexes held at the check.
  std::set<Path> Locks;
  std::map<Path, std::vector<Path>> LockVars;
  /// Local threads that took a member's thread (`std::thread t =
  /// std::move(worker_);`, `std::exchange(worker_, {})`): joining one joins
  /// the thread the member held, for this function's callers too.
  std::map<Path, Path> TakenThreads;
  std::map<Key, std::set<Path>> Guarded;
  /// Member flags whose known value was learned under these mutexes, all
  /// held since.
  std::map<const void *, std::set<Path>> FlagLocks;
  /// Member flags this path assigned holding these mutexes, whether or not
  /// it still holds them: a worker testing the flag under one of them saw
  /// the old value only in a critical section that ended before.
  std::map<const void *, std::set<Path>> SetUnder;
  /// Pointer-like paths (pointers, smart pointers, pointer members) and the
  /// object path they point to.
  std::map<Path, Path> Alias;
  /// Pointer-like paths known to hold null (`FILE *out = nullptr;`). At a
  /// join a pointer null on one side denotes what the other side says: a
  /// use through it on the null side would be another bug.
  std::set<Path> Null;
  /// Pointer-like paths whose Alias holds only where they hold anything
  /// (null on another path, or `p(c ? &x : nullptr)`): destroying one runs
  /// its deleter on some paths only.
  std::set<Path> MaybeNull;
  /// What a stream owns (`FILE *f = fdopen(fd, "w")` owns fd): closing it
  /// closes them, under the profiles of the same analysis.
  std::map<Path, std::set<Key>> Owns;
  Facts Known;
  /// What the tests on this path say of the member flags' values on entry:
  /// learned only while a flag is not yet assigned on the path (after
  /// `if (!running_) return; running_ = false;` it is still known that
  /// running_ was set on entry, though it no longer is).
  Facts Entry;
  /// Member flags assigned (or possibly changed by a call) on this path.
  std::set<const void *> Assigned;
  /// Local booleans holding a state query's result (`bool open =
  /// c.isOpen();`): the guards the variable being true gives. Dropped when
  /// the object is closed after the query.
  std::map<const clang::VarDecl *, std::vector<Guard>> QueryVars;
  /// Objects changed (closed, reopened, reset) on every path since entry:
  /// a use of anything else sees the caller's state.
  std::set<Key> TouchedKeys;
  std::set<std::pair<Path, bool>> TouchedPrefixes;
  /// Prefixes touched on some paths only (`if (closed_) reopen();` rebinds
  /// fp_ on one): what the paths that did not touch them knew of entry
  /// values. A use of what the caller gave is made only on those paths.
  std::map<std::pair<Path, bool>, Facts> PartlyTouched;
  /// On the way from a call that threw to its handlers: the exception's
  /// type (qualified name) wherever the object is closed (a use that throws
  /// `std::logic_error` once closed). A handler it does not reach sees the
  /// object open.
  std::map<Key, std::string> ThrownIfClosed;

  /// Objects a use that throws once they are closed was made on, on every
  /// path here: the function returns normally only where they were open.
  std::set<Key> ProvedOpen;
  /// Objects the function's own test found open on every path here (a
  /// guard's open branch): what a true result of a `bool` helper says
  /// (Effect::ProvesOpen, OnlyIfTrue), not what every return does.
  std::set<Key> TestedOpen;

  bool operator==(const State &O) const {
    return Keys == O.Keys && Alias == O.Alias && Null == O.Null &&
           MaybeNull == O.MaybeNull && Owns == O.Owns &&
           Known == O.Known &&
           Entry == O.Entry && Assigned == O.Assigned &&
           QueryVars == O.QueryVars &&
           TouchedKeys == O.TouchedKeys &&
           TouchedPrefixes == O.TouchedPrefixes &&
           PartlyTouched == O.PartlyTouched && Tasks == O.Tasks &&
           Kept == O.Kept && DroppedKept == O.DroppedKept &&
           PendingErrors == O.PendingErrors &&
           Locks == O.Locks && LockVars == O.LockVars &&
           TakenThreads == O.TakenThreads && Guarded == O.Guarded &&
           FlagLocks == O.FlagLocks && SetUnder == O.SetUnder &&
           ThrownIfClosed == O.ThrownIfClosed &&

           ProvedOpen == O.ProvedOpen && TestedOpen == O.TestedOpen;
  }

  bool isTouched(const Key &K) const {
    if (TouchedKeys.count(K) || TouchedKeys.count(Key{Key::EveryProfile, K.P}))
      return true;
    for (const auto &[P, OrEqual] : TouchedPrefixes)
      if (hasPrefix(K.P, P, OrEqual))
        return true;
    return false;
  }
};

template <class Set> void intersectSet(Set &Into, const Set &Other) {
  for (auto It = Into.begin(); It != Into.end();)
    It = Other.count(*It) ? std::next(It) : Into.erase(It);
}


/// Keeps what holds on both sides: the weakest fact both imply (`== 1` on
/// one side and `!= 0` on the other give `!= 0`).
void intersect(Facts &Into, const Facts &Other);

/// Adds From's close sites to Into's, keeping them sorted and unique.
void addSites(Closed &Into, const Closed &From);

/// Merges the state of another incoming edge into In.
void join(State &In, const State &Other);

} // namespace typestate
} // namespace errlint

#endif
