//===- InferenceTest.cpp - Tests of protocol inference across units -------===//
//
// ProtocolInference holds what a run knows of the classes and functions its
// units define: these tests give it the facts two units would send and
// check what the runner asks of it.
//
//===----------------------------------------------------------------------===//

#include "Inference.h"

#include <gtest/gtest.h>

using namespace errlint;

namespace {

const Catalog &builtins() {
  static Catalog C = [] {
    Catalog Cat;
    std::vector<LoadError> Errors;
    EXPECT_TRUE(Cat.loadBuiltins(Errors));
    return Cat;
  }();
  return C;
}

Location at(const std::string &File, unsigned Line) {
  return {File, Line, 3, "line " + std::to_string(Line)};
}

/// What pipe.cpp defines of `net::Pipe`: close() sets closed_, send()
/// throws once it is set.
ClassFacts pipeFacts(const std::string &Message = "send after close") {
  MethodFacts Close;
  Close.Name = "close";
  Close.Site = at("/src/pipe.cpp", 10);
  Close.Sets.push_back({"closed_", "true", at("/src/pipe.cpp", 11)});
  MethodFacts Send;
  Send.Name = "send";
  Send.Site = at("/src/pipe.cpp", 20);
  Guard G;
  G.When = {"closed_", true, "true"};
  G.Message = Message;
  G.ExceptionType = "std::runtime_error";
  G.Site = at("/src/pipe.cpp", 21);
  Send.Guards.push_back(G);
  ClassFacts C;
  C.Name = "net::Pipe";
  C.Site = at("/src/pipe.h", 5);
  C.Methods = {Close, Send};
  return C;
}

/// What util.cpp defines: closeQuietly(Pipe &) closes its parameter.
ClassFacts summaryFacts(unsigned Line = 7) {
  EffectFacts E;
  E.K = EffectFacts::Close;
  E.Profile = "use-after-close/p";
  E.Site = at("/src/util.cpp", Line);
  MethodFacts M;
  M.Name = "c:@F@closeQuietly";
  M.Effects.push_back(E);
  ClassFacts C;
  C.Name = FunctionSummaries;
  C.Methods = {M};
  return C;
}

TEST(InferenceTest, FactsOfTwoUnitsMergeAndDecideTheProtocol) {
  ProtocolInference Run(builtins());
  EXPECT_TRUE(Run.empty());
  EXPECT_TRUE(Run.protocols().empty());

  ClassFacts Header = pipeFacts();
  Header.Methods.erase(Header.Methods.begin()); // main.cpp sees send() only.
  Run.addFacts({Header});
  EXPECT_TRUE(Run.defines("net::Pipe::send"));
  EXPECT_FALSE(Run.defines("net::Pipe::close"));
  EXPECT_TRUE(Run.protocols().empty()) << "no close seen yet";

  // The unit that defines the class: send() is the same method, kept once.
  Run.addFacts({pipeFacts()});
  ASSERT_EQ(Run.facts().size(), 1u);
  EXPECT_EQ(Run.facts()[0].Methods.size(), 2u);
  EXPECT_TRUE(Run.defines("net::Pipe::close"));
  ASSERT_EQ(Run.protocols().size(), 1u);
  const InferredProtocol &P = Run.protocols()[0];
  EXPECT_EQ(P.Class, "net::Pipe");
  EXPECT_EQ(P.Close, std::vector<std::string>{"close"});
  EXPECT_EQ(P.Use, std::vector<std::string>{"send"});
  EXPECT_FALSE(Run.rules().empty());
}

TEST(InferenceTest, FunctionSummariesAreFoundByUsr) {
  ProtocolInference Run(builtins());
  Run.addFacts({summaryFacts()});
  std::map<std::string, const MethodFacts *> S = Run.functionSummaries();
  ASSERT_EQ(S.count("c:@F@closeQuietly"), 1u);
  EXPECT_EQ(S["c:@F@closeQuietly"]->Effects.size(), 1u);
  EXPECT_TRUE(Run.defines(std::string(FunctionSummaries) +
                          "::c:@F@closeQuietly"));
  EXPECT_TRUE(Run.protocols().empty()) << "summaries are not classes";
}

TEST(InferenceTest, SecondPassOnlyWhenWhatTheUnitUsesChanged) {
  const std::string Summary =
      std::string(FunctionSummaries) + "::c:@F@closeQuietly";
  // main.cpp was analyzed seeing neither the class nor the helper.
  ProtocolInference Before(builtins());
  UnitInference Main;
  Main.Pending = {"net::Pipe", Summary};
  Main.PendingDigest = Before.digest(Main.Pending);
  EXPECT_FALSE(Before.needsSecondPass(Main));

  ProtocolInference After(builtins());
  After.addFacts({pipeFacts(), summaryFacts()});
  EXPECT_TRUE(After.needsSecondPass(Main));

  // Analyzed again with every unit's facts: nothing left to do.
  Main.PendingDigest = After.digest(Main.Pending);
  EXPECT_FALSE(After.needsSecondPass(Main));

  // A unit with nothing pending never goes again.
  UnitInference Alone;
  EXPECT_FALSE(After.needsSecondPass(Alone));

  // What the digest covers: the protocol's message site and the summary's
  // effects, by file name (the same in another checkout), not path.
  ProtocolInference Moved(builtins());
  ClassFacts Pipe = pipeFacts();
  Pipe.Methods[1].Guards[0].Site.File = "/elsewhere/pipe.cpp";
  ClassFacts Helper = summaryFacts();
  Helper.Methods[0].Effects[0].Site.File = "/elsewhere/util.cpp";
  Moved.addFacts({Pipe, Helper});
  EXPECT_EQ(Moved.digest(Main.Pending), After.digest(Main.Pending));

  ProtocolInference Changed(builtins());
  Changed.addFacts({pipeFacts(), summaryFacts(/*Line=*/8)});
  EXPECT_NE(Changed.digest(Main.Pending), After.digest(Main.Pending));
  EXPECT_EQ(Changed.digest({"net::Pipe"}), After.digest({"net::Pipe"}));
}

TEST(InferenceTest, AddingFactsDecidesAgain) {
  ProtocolInference Run(builtins());
  ClassFacts Open = pipeFacts();
  Open.Methods.pop_back(); // close() only: nothing fails once closed.
  Run.addFacts({Open});
  EXPECT_TRUE(Run.protocols().empty());
  std::string Digest = Run.digest({"net::Pipe"});
  Run.addFacts({pipeFacts()});
  EXPECT_EQ(Run.protocols().size(), 1u);
  EXPECT_NE(Run.digest({"net::Pipe"}), Digest);
}

TEST(InferenceTest, UnitInferenceRoundTripsThroughJson) {
  UnitInference U;
  U.Facts = {pipeFacts(), summaryFacts()};
  U.Pending = {"net::Pipe"};
  U.PendingHeaders = {"/src/pipe.h"};
  U.PendingDigest = "ABC";
  nlohmann::json J = nlohmann::json::object();
  J["findings"] = nlohmann::json::array(); // Beside other members.
  writeInference(J, U);
  UnitInference Back = readInference(J);
  EXPECT_EQ(Back.Pending, U.Pending);
  EXPECT_EQ(Back.PendingHeaders, U.PendingHeaders);
  EXPECT_EQ(Back.PendingDigest, U.PendingDigest);
  EXPECT_EQ(factsToJson(Back.Facts), factsToJson(U.Facts));

  mapPaths(Back, [](const std::string &P) { return "rel:" + P; });
  EXPECT_EQ(Back.PendingHeaders[0], "rel:/src/pipe.h");
  EXPECT_EQ(Back.Facts[0].Methods[0].Sets[0].Site.File, "rel:/src/pipe.cpp");
  EXPECT_EQ(Back.Facts[1].Methods[0].Effects[0].Site.File,
            "rel:/src/util.cpp");

  J.erase("pendingDigest");
  EXPECT_THROW(readInference(J), nlohmann::json::exception);
}

TEST(InferenceTest, ThrowClosesAndElementPathsRoundTripThroughJson) {
  // commit() closes the element at its parameter's key of a member map on
  // its way out by an exception.
  ClassFacts C = summaryFacts();
  EffectFacts &E = C.Methods[0].Effects[0];
  E.K = EffectFacts::CloseOnThrow;
  E.OnThis = true;
  E.Fields = {"sinks_", "[]", "[$0]", "second"};
  UnitInference U;
  U.Facts = {C};
  nlohmann::json J = nlohmann::json::object();
  writeInference(J, U);
  EXPECT_EQ(J.dump().find("\"closeOnThrow\"") != std::string::npos, true);
  UnitInference Back = readInference(J);
  ASSERT_EQ(Back.Facts.size(), 1u);
  const EffectFacts &B = Back.Facts[0].Methods[0].Effects[0];
  EXPECT_EQ(B.K, EffectFacts::CloseOnThrow);
  EXPECT_EQ(B.Fields, E.Fields);
  EXPECT_TRUE(B.OnThis);
}

} // namespace

namespace {

/// What scheduler.cpp defines of a user's pool: submit() keeps its callable
/// in tasks_, the loop its threads run calls what tasks_ keeps, drain()
/// waits on idle_, stop() calls drain().
ClassFacts poolFacts(bool Runs = true) {
  ClassFacts C;
  C.Name = "app::Scheduler";
  C.Site = at("/src/scheduler.h", 4);
  C.Threads = {"threads_"};
  if (Runs)
    C.Runs = {"tasks_"};
  MethodFacts Submit;
  Submit.Name = "submit";
  Submit.Site = at("/src/scheduler.cpp", 10);
  Submit.StoresCallableIn = "tasks_";
  Submit.StoreSite = at("/src/scheduler.cpp", 12);
  Submit.StoreParam = 0;
  MethodFacts Drain;
  Drain.Name = "drain";
  Drain.Site = at("/src/scheduler.cpp", 20);
  Drain.WaitsOn = "idle_";
  Drain.WaitSite = at("/src/scheduler.cpp", 22);
  MethodFacts Stop;
  Stop.Name = "stop";
  Stop.Site = at("/src/scheduler.cpp", 30);
  Stop.Calls = {"drain"};
  C.Methods = {Submit, Drain, Stop};
  return C;
}

/// A dispatcher: on(topic, fn) keeps fn under topic, emit(topic) calls
/// them, off(topic) removes them.
ClassFacts dispatcherFacts() {
  ClassFacts C;
  C.Name = "Dispatcher";
  C.Site = at("/src/dispatcher.h", 3);
  MethodFacts On;
  On.Name = "on";
  On.StoresCallableIn = "handlers_";
  On.StoreSite = at("/src/dispatcher.cpp", 5);
  On.StoreParam = 1;
  On.StoreKey = 0;
  MethodFacts Emit;
  Emit.Name = "emit";
  Emit.RunsFrom = "handlers_";
  Emit.RunKey = 0;
  Emit.RunSite = at("/src/dispatcher.cpp", 9);
  MethodFacts Off;
  Off.Name = "off";
  Off.DropsFrom = "handlers_";
  Off.DropKey = 0;
  Off.DropSite = at("/src/dispatcher.cpp", 14);
  MethodFacts Size;
  Size.Name = "size";
  C.Methods = {On, Emit, Off, Size};
  return C;
}

} // namespace

TEST(InferenceTest, APoolIsKnownByWhatItDoes) {
  ProtocolInference Run(builtins());
  Run.addFacts({poolFacts()});
  ASSERT_EQ(Run.executors().size(), 1u);
  const InferredExecutor &E = Run.executors()[0];
  EXPECT_EQ(E.Class, "app::Scheduler");
  EXPECT_EQ(E.Submit, std::vector<std::string>{"submit"});
  EXPECT_EQ(E.Wait, (std::vector<std::string>{"drain", "stop"}));
  EXPECT_EQ(E.RuleId, "close-while-in-use");
  EXPECT_EQ(E.Evidence.at("stop"), "/src/scheduler.cpp:30: calls 'drain()'");
  // Its profile is one of the close-while-in-use rule's.
  std::vector<Rule> Rules = Run.rules();
  ASSERT_EQ(Rules.size(), 1u);
  EXPECT_EQ(Rules[0].Id, "close-while-in-use");
  ASSERT_EQ(Rules[0].Profiles.size(), 1u);
  EXPECT_EQ(Rules[0].Profiles[0].Submit, E.Submit);
  EXPECT_EQ(Rules[0].Profiles[0].Types, std::vector<std::string>{"app::Scheduler"});
  EXPECT_EQ(Run.digest({"app::Scheduler"}) == Run.digest({}), false);
}

TEST(InferenceTest, KeepingCallablesWithoutRunningThemIsNoPool) {
  ProtocolInference Run(builtins());
  Run.addFacts({poolFacts(/*Runs=*/false)});
  EXPECT_TRUE(Run.executors().empty());
  ClassFacts NoThreads = poolFacts();
  NoThreads.Threads.clear();
  ProtocolInference Other(builtins());
  Other.addFacts({NoThreads});
  EXPECT_TRUE(Other.executors().empty());
}

TEST(InferenceTest, ACallbackRegistryKeepsRunsAndDropsByKey) {
  ProtocolInference Run(builtins());
  Run.addFacts({dispatcherFacts()});
  ASSERT_EQ(Run.registries().size(), 1u);
  const InferredRegistry &R = Run.registries()[0];
  ASSERT_EQ(R.Store.size(), 1u);
  EXPECT_EQ(R.Store[0].Method, "on");
  EXPECT_EQ(R.Store[0].Callable, 1);
  EXPECT_EQ(R.Store[0].Key, 0);
  ASSERT_EQ(R.Run.size(), 1u);
  EXPECT_EQ(R.Run[0].Method, "emit");
  ASSERT_EQ(R.Drop.size(), 1u);
  EXPECT_EQ(R.Drop[0].Member, "handlers_");
  EXPECT_TRUE(Run.executors().empty()) << "no threads of its own";
  // A class with threads is a pool, not a registry.
  ClassFacts WithThreads = dispatcherFacts();
  WithThreads.Threads = {"worker_"};
  ProtocolInference Other(builtins());
  Other.addFacts({WithThreads});
  EXPECT_TRUE(Other.registries().empty());
}

TEST(InferenceTest, WorkFactsRoundTripThroughJson) {
  std::vector<ClassFacts> Facts = {poolFacts(), dispatcherFacts()};
  std::vector<ClassFacts> Back = factsFromJson(factsToJson(Facts));
  EXPECT_EQ(factsToJson(Back), factsToJson(Facts));
  EXPECT_EQ(Back[0].Threads, Facts[0].Threads);
  EXPECT_EQ(Back[0].Runs, Facts[0].Runs);
  EXPECT_EQ(Back[1].Methods[0].StoreKey, 0);
  EXPECT_EQ(Back[1].Methods[2].DropSite.Line, 14u);
  UnitInference U;
  U.Facts = Facts;
  mapPaths(U, [](const std::string &P) { return "rel:" + P; });
  EXPECT_EQ(U.Facts[0].Methods[0].StoreSite.File, "rel:/src/scheduler.cpp");
  EXPECT_EQ(U.Facts[1].Methods[1].RunSite.File, "rel:/src/dispatcher.cpp");
}
