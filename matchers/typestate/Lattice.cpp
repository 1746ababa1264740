//===- Lattice.cpp - The typestate lattice and per-point store ------------===//
//
// See Lattice.h.
//
//===----------------------------------------------------------------------===//
#include "typestate/Lattice.h"
#include "llvm/ADT/STLExtras.h"
#include <set>

using namespace clang;

namespace errlint {
namespace typestate {

/// Keeps what holds on both sides: the weakest fact both imply (`== 1` on
/// one side and `!= 0` on the other give `!= 0`).
void intersect(Facts &Into, const Facts &Other) {
  for (auto It = Into.begin(); It != Into.end();) {
    auto O = Other.find(It->first);
    std::optional<Fact> Both =
        O == Other.end() ? std::nullopt : It->second.hull(O->second);
    if (!Both) {
      It = Into.erase(It);
      continue;
    }
    It->second = *Both;
    ++It;
  }
}

void addSites(Closed &Into, const Closed &From) {
  for (const Expr *S : From.Sites)
    if (!llvm::is_contained(Into.Sites, S))
      Into.Sites.push_back(S);
  llvm::sort(Into.Sites);
}

/// Merges the state of another incoming edge into In.
/// True when every object the entry (P, OrEqual) of TouchedPrefixes
/// touches is touched in S too.
static bool prefixCovered(const State &S, const Path &P, bool OrEqual) {
  for (const auto &[Q, QOrEqual] : S.TouchedPrefixes)
    if (hasPrefix(P, Q, QOrEqual) || (P == Q && !OrEqual))
      return true;
  return false;
}

/// What is touched on both paths, however each path touched it: a guard
/// that checked the object open on one (TouchedKeys) and a replacement of
/// its owner on the other (TouchedPrefixes) both settle its state.
static void joinTouched(State &In, const State &Other) {
  std::set<Key> Keys;
  for (const Key &K : In.TouchedKeys)
    if (Other.isTouched(K))
      Keys.insert(K);
  for (const Key &K : Other.TouchedKeys)
    if (In.isTouched(K))
      Keys.insert(K);
  std::set<std::pair<Path, bool>> Prefixes;
  for (const auto &[P, OrEqual] : In.TouchedPrefixes)
    if (prefixCovered(Other, P, OrEqual))
      Prefixes.insert({P, OrEqual});
  for (const auto &[P, OrEqual] : Other.TouchedPrefixes)
    if (prefixCovered(In, P, OrEqual))
      Prefixes.insert({P, OrEqual});
  In.TouchedKeys = std::move(Keys);
  In.TouchedPrefixes = std::move(Prefixes);
}

/// State::PartlyTouched at a join, from each side's paths that left the
/// prefix untouched (a side that did not touch it at all: its Entry).
/// Called before the sides' Entry and touched sets are joined.
static void joinPartlyTouched(State &In, const State &Other) {
  std::set<std::pair<Path, bool>> All;
  for (const State *S : {static_cast<const State *>(&In), &Other}) {
    All.insert(S->TouchedPrefixes.begin(), S->TouchedPrefixes.end());
    for (const auto &PF : S->PartlyTouched)
      All.insert(PF.first);
  }
  std::map<std::pair<Path, bool>, Facts> Out;
  for (const auto &PP : All) {
    std::optional<Facts> Untouched;
    bool Partly = false;
    for (const State *S : {static_cast<const State *>(&In), &Other}) {
      if (prefixCovered(*S, PP.first, PP.second))
        continue;
      auto It = S->PartlyTouched.find(PP);
      Partly = Partly || It != S->PartlyTouched.end() ||
               prefixCovered(S == &In ? Other : In, PP.first, PP.second);
      const Facts &F = It != S->PartlyTouched.end() ? It->second : S->Entry;
      if (!Untouched)
        Untouched = F;
      else
        intersect(*Untouched, F);
    }
    if (Untouched && Partly)
      Out.emplace(PP, std::move(*Untouched));
  }
  In.PartlyTouched = std::move(Out);
}

/// The condition of a key two paths closed, each under a condition on a
/// call's result the other path did not share (one failure each of
/// `a() || b() || c()`): closed only where one of the alternatives holds.
/// What cannot be said so is dropped, as Cond's intersection drops it.
static void joinAnyCond(Closed &In, const Facts &InKnown, const Closed &O,
                        const Facts &OKnown) {
  using Alt = std::pair<const void *, Fact>;
  // A fact of one side's closing condition that the other side's path did
  // not share: refuted there (its call succeeded), or not tested.
  auto Pick = [](const Closed &C, const Facts &OtherKnown,
                 const Facts &Except) -> std::optional<Alt> {
    std::optional<Alt> Untested;
    for (const auto &[Subject, F] : C.Cond) {
      if (Except.count(Subject))
        continue;
      auto K = OtherKnown.find(Subject);
      if (K != OtherKnown.end() && K->second.contradicts(F))
        return Alt(Subject, F);
      if (K == OtherKnown.end() && !Untested)
        Untested = Alt(Subject, F);
    }
    return Untested;
  };
  // The alternatives one side's close implies, with those of a side that
  // has none added to: one of its own facts, or one it already holds.
  auto Extend = [&](Facts Any, const Closed &Plain,
                    const Facts &AnyKnown) -> Facts {
    for (const auto &[Subject, F] : Any)
      if (auto It = Plain.Cond.find(Subject);
          It != Plain.Cond.end() && It->second == F)
        return Any;
    if (std::optional<Alt> P = Pick(Plain, AnyKnown, Any)) {
      Any.insert(*P);
      return Any;
    }
    return {};
  };
  auto Lose = [&] {
    In.AnyCond.clear();
    In.AnyLost = true;
  };
  if (In.AnyLost || O.AnyLost)
    return Lose();
  if (!In.AnyCond.empty() && !O.AnyCond.empty()) {
    if (In.AnyCond != O.AnyCond)
      Lose();
    return;
  }
  if (!In.AnyCond.empty()) {
    In.AnyCond = Extend(std::move(In.AnyCond), O, InKnown);
    if (In.AnyCond.empty())
      Lose();
    return;
  }
  if (!O.AnyCond.empty()) {
    In.AnyCond = Extend(O.AnyCond, In, OKnown);
    if (In.AnyCond.empty())
      Lose();
    return;
  }
  std::optional<Alt> A = Pick(In, OKnown, {});
  std::optional<Alt> B = A ? Pick(O, InKnown, Facts{*A}) : std::nullopt;
  if (A && B)
    In.AnyCond = {*A, *B};
}

void join(State &In, const State &Other) {
  intersectSet(In.ProvedOpen, Other.ProvedOpen);
  intersectSet(In.TestedOpen, Other.TestedOpen);
  // A path where the object is open does not care what was thrown; one
  // where it is closed by other means may reach any handler.
  for (auto It = In.ThrownIfClosed.begin(); It != In.ThrownIfClosed.end();) {
    auto O = Other.ThrownIfClosed.find(It->first);
    bool Keep = O != Other.ThrownIfClosed.end()
                    ? O->second == It->second
                    : !Other.Keys.count(It->first);
    It = Keep ? std::next(It) : In.ThrownIfClosed.erase(It);
  }
  for (const auto &[K, Type] : Other.ThrownIfClosed)
    if (!In.ThrownIfClosed.count(K) && !In.Keys.count(K))
      In.ThrownIfClosed.emplace(K, Type);
  // The paths that leave K open on one side, and what they knew on entry.
  auto OpenOn = [](Closed &C, const Facts &OpenEntry) {
    if (!C.MaybeOpen)
      C.OpenEntry = OpenEntry;
    else if (C.OpenEntry)
      intersect(*C.OpenEntry, OpenEntry);
    C.MaybeOpen = true;
  };
  // A path where K is closed only as an earlier call left it (SeededBy)
  // joins a path where this function closed it as a path that left it open:
  // what this function does is what its callers are told.
  std::set<Key> Mixed;
  for (auto &[K, C] : In.Keys) {
    auto O = Other.Keys.find(K);
    if (O == Other.Keys.end()) {
      OpenOn(C, Other.Entry);
    } else if (!C.SeededBy != !O->second.SeededBy) {
      Mixed.insert(K);
      const bool InSeeded = C.SeededBy != nullptr;
      if (InSeeded)
        C = O->second;
      OpenOn(C, InSeeded ? In.Entry : Other.Entry);
    } else if (C.Queried != O->second.Queried) {
      // Where a query found it closed, this function did not close it: to
      // what the function does (and tells its callers) that path left it
      // as it was.
      Mixed.insert(K);
      const bool InQueried = C.Queried;
      if (InQueried)
        C = O->second;
      OpenOn(C, InQueried ? In.Entry : Other.Entry);
    }
  }
  for (const auto &[K, C] : Other.Keys) {
    if (Mixed.count(K))
      continue;
    auto It = In.Keys.find(K);
    if (It == In.Keys.end()) {
      Closed Copy = C;
      OpenOn(Copy, In.Entry);
      In.Keys.emplace(K, std::move(Copy));
      continue;
    }
    addSites(It->second, C);
    if (C.MaybeOpen) {
      if (!It->second.MaybeOpen)
        It->second.OpenEntry = C.OpenEntry;
      else if (It->second.OpenEntry && C.OpenEntry)
        intersect(*It->second.OpenEntry, *C.OpenEntry);
      else
        It->second.OpenEntry.reset();
    }
    It->second.MaybeOpen |= C.MaybeOpen;
    for (auto Q = It->second.StaleQueries.begin();
         Q != It->second.StaleQueries.end();) {
      auto O = C.StaleQueries.find(Q->first);
      Q = O != C.StaleQueries.end() && O->second == Q->second
              ? std::next(Q)
              : It->second.StaleQueries.erase(Q);
    }
    It->second.OnlyByThrow &= C.OnlyByThrow;
    It->second.Queried &= C.Queried;
    It->second.Checked &= C.Checked;
    It->second.Again |= C.Again;
    intersectSet(It->second.SerialLocks, C.SerialLocks);
    intersectSet(It->second.HeldSince, C.HeldSince);
    intersectSet(It->second.ReboundUnder, C.ReboundUnder);
    intersect(It->second.SerialFlags, C.SerialFlags);
    joinAnyCond(It->second, In.Known, C, Other.Known);
    if (It->second.Thrown && C.Thrown)
      It->second.Thrown->insert(C.Thrown->begin(), C.Thrown->end());
    else
      It->second.Thrown.reset();
    intersect(It->second.Cond, C.Cond);
    intersect(It->second.EntryCond, C.EntryCond);
    if (It->second.OpenUnless != C.OpenUnless)
      It->second.OpenUnless = nullptr;
  }
  In.MaybeNull.insert(Other.MaybeNull.begin(), Other.MaybeNull.end());
  // Owned where either path made it so: a close of the owner on a path
  // where it owns nothing closed nothing more.
  for (const auto &[Owner, Owned] : Other.Owns)
    In.Owns[Owner].insert(Owned.begin(), Owned.end());
  for (auto It = In.Alias.begin(); It != In.Alias.end();) {
    auto O = Other.Alias.find(It->first);
    bool Keep = O != Other.Alias.end() ? O->second == It->second
                                       : Other.Null.count(It->first) != 0;
    if (Keep && O == Other.Alias.end())
      In.MaybeNull.insert(It->first);
    It = Keep ? std::next(It) : In.Alias.erase(It);
  }
  for (const auto &[P, To] : Other.Alias)
    if (In.Null.count(P)) {
      In.Alias.emplace(P, To);
      In.MaybeNull.insert(P);
    }
  // Holding nothing on one path only (`sheet.reset(); continue;` in a loop
  // whose other paths keep it): it may hold nothing here.
  for (const Path &P : In.Null)
    if (!Other.Null.count(P))
      In.MaybeNull.insert(P);
  for (const Path &P : Other.Null)
    if (!In.Null.count(P))
      In.MaybeNull.insert(P);
  intersectSet(In.Null, Other.Null);
  intersect(In.Known, Other.Known);
  joinPartlyTouched(In, Other);
  intersect(In.Entry, Other.Entry);
  In.Assigned.insert(Other.Assigned.begin(), Other.Assigned.end());
  for (auto It = In.QueryVars.begin(); It != In.QueryVars.end();) {
    auto O = Other.QueryVars.find(It->first);
    It = (O != Other.QueryVars.end() && O->second == It->second)
             ? std::next(It)
             : In.QueryVars.erase(It);
  }
  joinTouched(In, Other);
  // A task running on some incoming path may be running here.
  for (const auto &[Start, T] : Other.Tasks) {
    auto [It, New] = In.Tasks.emplace(Start, T);
    if (!New) {
      It->second.Detached |= T.Detached;
      if (It->second.Handle != T.Handle)
        It->second.Handle.reset();
      // What held on both kinds of path where it runs.
      Facts &Cond = It->second.Cond;
      for (auto C = Cond.begin(); C != Cond.end();) {
        auto O = T.Cond.find(C->first);
        C = (O != T.Cond.end() && O->second == C->second) ? std::next(C)
                                                          : Cond.erase(C);
      }
    }
  }
  for (const auto &[P, Vars] : Other.PendingErrors)
    In.PendingErrors[P].insert(Vars.begin(), Vars.end());
  // A callable kept on some incoming path may be kept here. The order they
  // were kept in is kept too: one the other path lacks goes right after
  // those kept before it on its own path (a loop adding steps, joined with
  // the state a later pass over the blocks after it saw, still has them
  // before the step added after the loop).
  for (const auto &[Where, Callables] : Other.Kept) {
    std::vector<KeptCallable> &Into = In.Kept[Where];
    size_t Pos = 0;
    for (const KeptCallable &K : Callables) {
      auto Found = llvm::find(Into, K);
      if (Found != Into.end()) {
        Pos = std::max(Pos, size_t(Found - Into.begin()) + 1);
        continue;
      }
      Into.insert(Into.begin() + Pos, K);
      ++Pos;
    }
  }
  // Dropped on either path: gone.
  In.DroppedKept.insert(Other.DroppedKept.begin(), Other.DroppedKept.end());
  for (auto It = In.Kept.begin(); It != In.Kept.end();) {
    llvm::erase_if(It->second, [&](const KeptCallable &K) {
      return In.DroppedKept.count({It->first, K.Kept});
    });
    It = It->second.empty() ? In.Kept.erase(It) : std::next(It);
  }
  intersectSet(In.Locks, Other.Locks);
  for (auto It = In.TakenThreads.begin(); It != In.TakenThreads.end();) {
    auto O = Other.TakenThreads.find(It->first);
    It = (O != Other.TakenThreads.end() && O->second == It->second)
             ? std::next(It)
             : In.TakenThreads.erase(It);
  }
  for (auto It = In.LockVars.begin(); It != In.LockVars.end();) {
    auto O = Other.LockVars.find(It->first);
    It = (O != Other.LockVars.end() && O->second == It->second)
             ? std::next(It)
             : In.LockVars.erase(It);
  }
  for (auto *Map : {&In.FlagLocks, &In.SetUnder}) {
    const auto &Theirs = Map == &In.FlagLocks ? Other.FlagLocks : Other.SetUnder;
    for (auto It = Map->begin(); It != Map->end();) {
      auto O = Theirs.find(It->first);
      It = (O != Theirs.end() && O->second == It->second) ? std::next(It)
                                                           : Map->erase(It);
    }
  }
  for (auto It = In.Guarded.begin(); It != In.Guarded.end();) {
    auto O = Other.Guarded.find(It->first);
    if (O == Other.Guarded.end()) {
      It = In.Guarded.erase(It);
      continue;
    }
    intersectSet(It->second, O->second);
    ++It;
  }
}

} // namespace typestate
} // namespace errlint
