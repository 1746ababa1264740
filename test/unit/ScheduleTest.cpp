//===- ScheduleTest.cpp - Definers first ----------------------------------===//

#include "Schedule.h"
#include "TempDir.h"
#include <gtest/gtest.h>

using namespace errlint;

namespace {

using Stems = std::set<std::string>;

TEST(IncludeScannerTest, FollowsQuotedIncludesThroughProjectHeaders) {
  TempDir D;
  std::string Main = D.write("src/main.cpp", "#include \"net/pipe.h\"\n"
                                             "  #  include \"local.h\"\n"
                                             "#include <vector>\n"
                                             "// #include \"commented.h\"\n");
  D.write("src/local.h", "#pragma once\n");
  D.write("include/net/pipe.h", "#include \"buffer.h\"\n");
  D.write("include/net/buffer.h", "#include \"pipe.h\"\n"); // a cycle
  IncludeScanner S;
  EXPECT_EQ(S.headerStems(Main, {D.str() + "/include"}),
            (Stems{"buffer", "local", "pipe"}));
  // Without the -I directory only the header beside the file is found.
  EXPECT_EQ(IncludeScanner().headerStems(Main, {}), Stems{"local"});
}

TEST(IncludeScannerTest, ReadsIncludeDirectoriesOfACommand) {
  std::vector<std::string> Dirs = quotedIncludeDirs(
      {"c++", "-I", "inc", "-I/abs/x", "-iquote", "q", "-isystem", "sys",
       "-c", "a.cpp"},
      "/build");
  EXPECT_EQ(Dirs, (std::vector<std::string>{"/build/inc", "/abs/x",
                                            "/build/q"}));
}

TEST(ScheduleTest, DefinersComeFirstInAnyGivenOrder) {
  // main.cpp and tool.cpp include pipe.h; pipe.cpp includes buffer.h.
  std::vector<std::string> Files{"/p/main.cpp", "/p/tool.cpp", "/p/pipe.cpp",
                                 "/p/buffer.cpp"};
  std::vector<Stems> Headers{{"pipe"}, {"pipe"}, {"pipe", "buffer"}, {}};
  Schedule S = definersFirst(Files, {0, 1, 2, 3}, Headers, {10, 20, 5, 1},
                             /*LargestFirst=*/false);
  EXPECT_EQ(S.Order, (std::vector<size_t>{3, 2, 0, 1}));
  EXPECT_EQ(S.Level, (std::vector<unsigned>{2, 2, 1, 0}));
  EXPECT_EQ(S.Definers[0], std::vector<size_t>{2});
  EXPECT_EQ(S.Definers[2], std::vector<size_t>{3}); // never itself
  // Largest first within a level.
  S = definersFirst(Files, {0, 1, 2, 3}, Headers, {10, 20, 5, 1}, true);
  EXPECT_EQ(S.Order, (std::vector<size_t>{3, 2, 1, 0}));
}

TEST(ScheduleTest, OnlyTheUnitsToAnalyzeAreWaitedFor) {
  // pipe.cpp's result came from the cache: main.cpp waits for nothing.
  std::vector<std::string> Files{"/p/main.cpp", "/p/pipe.cpp"};
  Schedule S = definersFirst(Files, {0}, {{"pipe"}, {}}, {1, 1}, false);
  EXPECT_EQ(S.Order, std::vector<size_t>{0});
  EXPECT_TRUE(S.Definers[0].empty());
}

TEST(ScheduleTest, ACycleDoesNotStopTheSchedule) {
  // a.cpp and b.cpp use each other's classes: one back edge is dropped.
  std::vector<std::string> Files{"/p/a.cpp", "/p/b.cpp"};
  Schedule S = definersFirst(Files, {0, 1}, {{"b"}, {"a"}}, {1, 1}, false);
  ASSERT_EQ(S.Order.size(), 2u);
  EXPECT_EQ(S.Definers[0].size() + S.Definers[1].size(), 1u);
}

} // namespace
