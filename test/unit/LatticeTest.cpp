//===- LatticeTest.cpp - The typestate lattice: facts and join ------------===//
//
// The store holds expressions and declarations only as pointers it never
// follows, so these tests use made-up addresses for them.
//
//===----------------------------------------------------------------------===//
#include "typestate/Lattice.h"
#include <gtest/gtest.h>

using namespace errlint::typestate;

namespace {

const void *ptr(uintptr_t N) { return reinterpret_cast<const void *>(N * 16); }
const clang::Expr *expr(uintptr_t N) {
  return reinterpret_cast<const clang::Expr *>(N * 16);
}

Fact eq(int64_t V) { return {Fact::Eq, V}; }
Fact ne(int64_t V) { return {Fact::Ne, V}; }
Fact atLeast(int64_t V) { return {Fact::AtLeast, V}; }
Fact atMost(int64_t V) { return {Fact::AtMost, V}; }
Fact in(std::initializer_list<int64_t> Vs) {
  uint64_t M = 0;
  for (int64_t V : Vs)
    M |= uint64_t(1) << V;
  return {Fact::In, static_cast<int64_t>(M)};
}

Key key(uintptr_t Var, unsigned Profile = 0) { return {Profile, {ptr(Var)}}; }

Closed closedAt(std::initializer_list<uintptr_t> Sites, bool MaybeOpen = false) {
  Closed C;
  for (uintptr_t S : Sites)
    C.Sites.push_back(expr(S));
  C.MaybeOpen = MaybeOpen;
  return C;
}

TEST(FactTest, ImpliesFollowsTheValuesEachFactAllows) {
  EXPECT_TRUE(eq(1).implies(eq(1)));
  EXPECT_FALSE(eq(1).implies(eq(2)));
  EXPECT_TRUE(eq(1).implies(ne(0)));
  EXPECT_FALSE(eq(0).implies(ne(0)));
  EXPECT_TRUE(eq(3).implies(atLeast(2)));
  EXPECT_FALSE(eq(1).implies(atLeast(2)));
  EXPECT_TRUE(atLeast(2).implies(ne(1)));
  // `>= 1` still allows 1.
  EXPECT_FALSE(atLeast(1).implies(ne(1)));
  EXPECT_TRUE(atLeast(3).implies(atLeast(2)));
  EXPECT_FALSE(atLeast(2).implies(atLeast(3)));
  EXPECT_FALSE(atLeast(2).implies(eq(2)));
  EXPECT_TRUE(ne(0).implies(ne(0)));
  EXPECT_FALSE(ne(0).implies(eq(1)));
  EXPECT_FALSE(ne(0).implies(atLeast(0)));
}

TEST(FactTest, ContradictsWhenNoValueSatisfiesBoth) {
  EXPECT_TRUE(eq(1).contradicts(eq(2)));
  EXPECT_FALSE(eq(1).contradicts(eq(1)));
  EXPECT_TRUE(eq(1).contradicts(ne(1)));
  EXPECT_TRUE(ne(1).contradicts(eq(1))); // symmetric
  EXPECT_FALSE(eq(1).contradicts(ne(0)));
  EXPECT_TRUE(eq(0).contradicts(atLeast(1)));
  EXPECT_TRUE(atLeast(1).contradicts(eq(0)));
  EXPECT_FALSE(eq(1).contradicts(atLeast(1)));
  EXPECT_FALSE(atLeast(1).contradicts(atLeast(5)));
  EXPECT_FALSE(ne(0).contradicts(ne(1)));
  EXPECT_FALSE(ne(3).contradicts(atLeast(1)));
}

TEST(FactTest, HullIsTheWeakestFactBothImply) {
  EXPECT_EQ(eq(1).hull(ne(0)), ne(0));
  EXPECT_EQ(ne(0).hull(eq(1)), ne(0));
  EXPECT_EQ(eq(1).hull(eq(1)), eq(1));
  // Two small values (two enumerators) are kept as a set; a set grown past
  // a few values, or values out of the small range, give a lower bound.
  EXPECT_EQ(eq(1).hull(eq(2)), in({1, 2}));
  EXPECT_EQ(in({0, 1, 2}).hull(eq(3)), in({0, 1, 2, 3}));
  EXPECT_EQ(in({0, 1, 2, 3}).hull(eq(4)), atLeast(0));
  EXPECT_EQ(eq(1).hull(eq(100)), atLeast(1));
  EXPECT_EQ(atLeast(4).hull(eq(2)), atLeast(2));
  EXPECT_EQ(in({3, 5}).hull(atLeast(4)), atLeast(3));
  EXPECT_EQ(ne(0).hull(ne(1)), std::nullopt);
  EXPECT_EQ(ne(0).hull(eq(0)), std::nullopt);
}

TEST(FactTest, SetsOfSmallValues) {
  // `case Idle: case Watering:` joined: not Closed (2), not OutOfService.
  EXPECT_TRUE(in({0, 1}).contradicts(eq(2)));
  EXPECT_FALSE(in({0, 1}).contradicts(eq(1)));
  EXPECT_TRUE(eq(3).contradicts(in({0, 1})));
  EXPECT_TRUE(in({0, 1}).implies(ne(2)));
  EXPECT_TRUE(in({0, 1}).implies(atMost(1)));
  EXPECT_FALSE(in({0, 1}).implies(ne(1)));
  EXPECT_TRUE(eq(1).implies(in({0, 1})));
  EXPECT_TRUE(in({1}).implies(eq(1)));
  EXPECT_TRUE(ne(1).contradicts(in({1})));
  EXPECT_TRUE(atLeast(2).contradicts(in({0, 1})));
  EXPECT_TRUE(atMost(0).contradicts(in({1, 3})));
  EXPECT_TRUE(in({1, 3}).contradicts(in({0, 2})));
  // What a set and another fact both allow.
  EXPECT_EQ(in({0, 1, 2}).meet(ne(2)), in({0, 1}));
  EXPECT_EQ(in({0, 1}).meet(ne(1)), eq(0));
  // A counter's set steps along, and past the small values is a bound.
  EXPECT_EQ(in({0, 1}).stepped(1), in({1, 2}));
  EXPECT_EQ(in({61, 62}).stepped(1), atLeast(62));
  EXPECT_EQ(in({0, 1}).grown(), atLeast(0));
}

TEST(FactTest, SteppedMovesTheValue) {
  EXPECT_EQ(eq(1).stepped(1), eq(2));
  EXPECT_EQ(atLeast(0).stepped(2), atLeast(2));
  EXPECT_EQ(ne(0).stepped(-1), ne(-1));
  EXPECT_EQ(atMost(3).stepped(-1), atMost(2));
  // An upper bound stepped up is dropped: joined with the last iteration's
  // it would rise forever.
  EXPECT_EQ(atMost(3).stepped(1), std::nullopt);
}

TEST(FactTest, UpperBounds) {
  EXPECT_TRUE(eq(-1).contradicts(atMost(-2)));
  EXPECT_TRUE(atMost(-1).contradicts(eq(0)));
  EXPECT_FALSE(atMost(0).contradicts(eq(0)));
  EXPECT_TRUE(atLeast(1).contradicts(atMost(0)));
  EXPECT_TRUE(atMost(0).contradicts(atLeast(1)));
  EXPECT_FALSE(atLeast(0).contradicts(atMost(0)));
  EXPECT_FALSE(atMost(0).contradicts(ne(0)));
  EXPECT_TRUE(eq(2).implies(atMost(3)));
  EXPECT_TRUE(atMost(1).implies(atMost(2)));
  EXPECT_FALSE(atMost(2).implies(atMost(1)));
  EXPECT_TRUE(atMost(-1).implies(ne(0)));
  EXPECT_FALSE(atMost(0).implies(ne(0)));
  EXPECT_FALSE(atMost(5).implies(atLeast(0)));
  EXPECT_FALSE(atLeast(0).implies(atMost(5)));
  EXPECT_EQ(eq(1).hull(eq(300)), atLeast(1)); // lower bounds first, as before
  EXPECT_EQ(in({1, 3}).hull(atMost(2)), atMost(3));
  EXPECT_EQ(atMost(1).hull(eq(3)), atMost(3));
  EXPECT_EQ(atMost(1).hull(atLeast(3)), std::nullopt);
}

TEST(FactsTest, IntersectKeepsWhatHoldsOnBothSides) {
  Facts A{{ptr(1), eq(1)}, {ptr(2), eq(0)}, {ptr(3), ne(0)}};
  Facts B{{ptr(1), ne(0)}, {ptr(3), ne(0)}, {ptr(4), eq(7)}};
  intersect(A, B);
  Facts Expected{{ptr(1), ne(0)}, {ptr(3), ne(0)}};
  EXPECT_EQ(A, Expected);
}

TEST(JoinTest, AnObjectClosedOnOneSideOnlyMayBeOpen) {
  State A, B;
  A.Keys[key(1)] = closedAt({5});
  join(A, B);
  ASSERT_EQ(A.Keys.count(key(1)), 1u);
  EXPECT_TRUE(A.Keys[key(1)].MaybeOpen);

  State C, D;
  D.Keys[key(1)] = closedAt({5});
  join(C, D);
  ASSERT_EQ(C.Keys.count(key(1)), 1u);
  EXPECT_TRUE(C.Keys[key(1)].MaybeOpen);
}

TEST(JoinTest, ClosedOnBothSidesStaysClosedWithTheSitesOfBoth) {
  State A, B;
  A.Keys[key(1)] = closedAt({7});
  B.Keys[key(1)] = closedAt({3, 7});
  join(A, B);
  const Closed &C = A.Keys[key(1)];
  EXPECT_FALSE(C.MaybeOpen);
  ASSERT_EQ(C.Sites.size(), 2u);
  EXPECT_EQ(C.Sites[0], expr(3));
  EXPECT_EQ(C.Sites[1], expr(7));
}

TEST(JoinTest, ProfilesAreTrackedApart) {
  State A, B;
  A.Keys[key(1, 0)] = closedAt({1});
  B.Keys[key(1, 1)] = closedAt({2});
  join(A, B);
  EXPECT_TRUE(A.Keys[key(1, 0)].MaybeOpen);
  EXPECT_TRUE(A.Keys[key(1, 1)].MaybeOpen);
}

TEST(JoinTest, ConditionsOfTheClosingPathsAreIntersected) {
  State A, B;
  Closed CA = closedAt({1}), CB = closedAt({2});
  CA.Cond = {{ptr(9), eq(1)}, {ptr(8), eq(0)}};
  CB.Cond = {{ptr(9), eq(2)}};
  CA.OpenUnless = ptr(4);
  CB.OpenUnless = ptr(5);
  A.Keys[key(1)] = CA;
  B.Keys[key(1)] = CB;
  join(A, B);
  const Closed &C = A.Keys[key(1)];
  EXPECT_EQ(C.Cond, (Facts{{ptr(9), in({1, 2})}}));
  EXPECT_EQ(C.OpenUnless, nullptr);
}

TEST(JoinTest, AlternativesOnceLostAreNotPickedAgain) {
  // A loop head joins paths whose alternatives disagree: they are dropped
  // for good, or the next join would pick new ones from the conditions and
  // the loop's states would never settle.
  State Head, First, Second;
  Closed CH = closedAt({1}, /*MaybeOpen=*/true);
  CH.Cond = {{ptr(9), eq(1)}};
  CH.AnyCond = {{ptr(9), eq(1)}, {ptr(8), eq(1)}};
  Closed C1 = closedAt({1}, /*MaybeOpen=*/true);
  C1.Cond = {{ptr(9), eq(1)}};
  C1.AnyCond = {{ptr(9), eq(1)}, {ptr(7), eq(1)}};
  Head.Keys[key(1)] = CH;
  First.Keys[key(1)] = C1;
  join(Head, First);
  EXPECT_TRUE(Head.Keys[key(1)].AnyCond.empty());
  EXPECT_TRUE(Head.Keys[key(1)].AnyLost);
  Closed C2 = closedAt({2}, /*MaybeOpen=*/true);
  C2.Cond = {{ptr(6), eq(1)}};
  Second.Keys[key(1)] = C2;
  join(Head, Second);
  EXPECT_TRUE(Head.Keys[key(1)].AnyCond.empty());
  // Two fresh paths still say which alternatives closed it.
  State A, B;
  Closed CA = closedAt({1}, /*MaybeOpen=*/true);
  CA.Cond = {{ptr(9), eq(1)}};
  A.Keys[key(1)] = CA;
  B.Keys[key(1)] = C2;
  join(A, B);
  EXPECT_EQ(A.Keys[key(1)].AnyCond, (Facts{{ptr(9), eq(1)}, {ptr(6), eq(1)}}));
}

TEST(JoinTest, AliasesAndQueriesSurviveOnlyWhereBothAgree) {
  State A, B;
  A.Alias[{ptr(1)}] = {ptr(2)};
  A.Alias[{ptr(3)}] = {ptr(4)};
  B.Alias[{ptr(1)}] = {ptr(2)};
  B.Alias[{ptr(3)}] = {ptr(5)};
  join(A, B);
  EXPECT_EQ(A.Alias.size(), 1u);
  EXPECT_EQ(A.Alias.count({ptr(1)}), 1u);
}

TEST(JoinTest, LocksHeldOnBothSidesOnlyAndTasksFromEither) {
  State A, B;
  A.Locks = {{ptr(1)}, {ptr(2)}};
  B.Locks = {{ptr(2)}};
  Task T;
  T.Start = expr(1);
  T.Handle = Path{ptr(6)};
  Task Detached = T;
  Detached.Detached = true;
  Detached.Handle = Path{ptr(7)};
  A.Tasks[expr(1)] = T;
  B.Tasks[expr(1)] = Detached;
  Task Other;
  Other.Start = expr(2);
  B.Tasks[expr(2)] = Other;
  join(A, B);
  EXPECT_EQ(A.Locks, (std::set<Path>{{ptr(2)}}));
  ASSERT_EQ(A.Tasks.size(), 2u);
  EXPECT_TRUE(A.Tasks[expr(1)].Detached);
  // Joined through different handles on the two sides: through neither.
  EXPECT_FALSE(A.Tasks[expr(1)].Handle.has_value());
}

TEST(JoinTest, AssignedFlagsAreUnitedTouchedObjectsIntersected) {
  State A, B;
  A.Assigned = {ptr(1)};
  B.Assigned = {ptr(2)};
  A.TouchedKeys = {key(1), key(2)};
  B.TouchedKeys = {key(2)};
  join(A, B);
  EXPECT_EQ(A.Assigned, (std::set<const void *>{ptr(1), ptr(2)}));
  EXPECT_EQ(A.TouchedKeys, (std::set<Key>{key(2)}));
}

TEST(JoinTest, JoiningAStateWithItselfChangesNothing) {
  State A;
  A.Keys[key(1)] = closedAt({1, 2}, /*MaybeOpen=*/true);
  A.Known = {{ptr(3), ne(0)}};
  A.Locks = {{ptr(4)}};
  State Copy = A;
  join(A, Copy);
  EXPECT_TRUE(A == Copy);
}

TEST(StateTest, TouchedByAPrefixCoversItsMembers) {
  State S;
  S.TouchedPrefixes.insert({Path{ptr(1)}, /*OrEqual=*/false});
  EXPECT_TRUE(S.isTouched({0, {ptr(1), ptr(2)}}));
  EXPECT_FALSE(S.isTouched({0, {ptr(1)}}));
  S.TouchedPrefixes.insert({Path{ptr(1)}, /*OrEqual=*/true});
  EXPECT_TRUE(S.isTouched({0, {ptr(1)}}));
  EXPECT_FALSE(S.isTouched({0, {ptr(2)}}));
}

TEST(PathTest, HasPrefix) {
  Path P{ptr(1), ptr(2)};
  EXPECT_TRUE(hasPrefix(P, Path{ptr(1)}, false));
  EXPECT_FALSE(hasPrefix(P, P, false));
  EXPECT_TRUE(hasPrefix(P, P, true));
  EXPECT_FALSE(hasPrefix(P, Path{ptr(2)}, true));
  EXPECT_FALSE(hasPrefix(Path{ptr(1)}, P, true));
}

} // namespace
