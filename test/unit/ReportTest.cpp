//===- ReportTest.cpp - Tests of the CI-side helpers ----------------------===//
//
// Glob lists, NOLINT comments, fingerprints, shards, paths and exit codes:
// the parts of errlint_report that need no translation unit.
//
//===----------------------------------------------------------------------===//

#include "Baseline.h"
#include "GlobList.h"
#include "Paths.h"
#include "Selection.h"
#include "Suppressions.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace errlint;

namespace {

TEST(GlobListTest, WildcardMatchesAnyRun) {
  EXPECT_TRUE(wildcardMatch("errlint-*", "errlint-send-after-close"));
  EXPECT_TRUE(wildcardMatch("*close", "errlint-send-after-close"));
  EXPECT_TRUE(wildcardMatch("*-after-*", "errlint-send-after-close"));
  EXPECT_TRUE(wildcardMatch("*", ""));
  EXPECT_FALSE(wildcardMatch("errlint-*", "bugprone-x"));
  EXPECT_FALSE(wildcardMatch("send", "send-after-close"));
  // Only '*' is special.
  EXPECT_FALSE(wildcardMatch("send-?", "send-a"));
  EXPECT_TRUE(wildcardMatch("a[b]", "a[b]"));
}

TEST(GlobListTest, LastMatchingGlobDecides) {
  GlobList L("-*, errlint-send-*,-errlint-send-after-close");
  EXPECT_FALSE(L.contains("errlint-send-after-close"));
  EXPECT_TRUE(L.contains("errlint-send-before-open"));
  EXPECT_FALSE(L.contains("bugprone-x"));
  EXPECT_FALSE(GlobList("").contains("anything"));
}

TEST(GlobListTest, RulesMatchWithOrWithoutPrefix) {
  EXPECT_TRUE(GlobList("-*,send-after-close").containsRule("send-after-close"));
  EXPECT_TRUE(GlobList("-*,errlint-send-*").containsRule("send-after-close"));
  EXPECT_FALSE(
      GlobList("*,-send-after-close").containsRule("send-after-close"));
}

TEST(GlobListTest, NegativeGlobsCanBeDropped) {
  GlobList L("-errlint-*", /*KeepNegative=*/false);
  EXPECT_FALSE(L.contains("errlint-send-after-close"));
  EXPECT_FALSE(L.contains("x"));
}

const char Check[] = "errlint-send-after-close";

TEST(SuppressionsTest, SameLineAndNextLine) {
  Suppressions S("a(); // NOLINT\n"
                 "// NOLINTNEXTLINE(errlint-send-*)\n"
                 "b();\n"
                 "c(); // NOLINT(bugprone-*)\n");
  EXPECT_TRUE(S.suppresses(Check, 1, 1));
  EXPECT_FALSE(S.suppresses(Check, 2, 1));
  EXPECT_TRUE(S.suppresses(Check, 3, 1));
  EXPECT_FALSE(S.suppresses(Check, 4, 1));
  EXPECT_TRUE(S.unmatched().empty());
}

TEST(SuppressionsTest, UnknownWordsAreNotDirectives) {
  Suppressions S("a(); // NOLINTS\nb(); // NOLINTNEXT\nc();\n");
  EXPECT_FALSE(S.suppresses(Check, 1, 1));
  EXPECT_FALSE(S.suppresses(Check, 3, 1));
}

TEST(SuppressionsTest, BlocksCoverWhatIsBetween) {
  Suppressions S("x(); /* NOLINTBEGIN */ y();\n"
                 "z();\n"
                 "w(); // NOLINTEND\n"
                 "v();\n");
  EXPECT_FALSE(S.suppresses(Check, 1, 1)); // before the comment
  EXPECT_TRUE(S.suppresses(Check, 1, 24));  // after it, same line
  EXPECT_TRUE(S.suppresses(Check, 2, 1));
  EXPECT_TRUE(S.suppresses(Check, 3, 1));
  EXPECT_FALSE(S.suppresses(Check, 4, 1));
}

TEST(SuppressionsTest, BlocksMustNameTheSameChecks) {
  Suppressions S("// NOLINTBEGIN(a, b)\n"
                 "x();\n"
                 "// NOLINTEND(a,b)\n"
                 "// NOLINTBEGIN(errlint-*)\n"
                 "y();\n"
                 "// NOLINTEND(errlint-send-after-close)\n");
  ASSERT_EQ(S.unmatched().size(), 2u);
  EXPECT_EQ(S.unmatched()[0].K, Suppressions::Kind::Begin);
  EXPECT_EQ(S.unmatched()[0].Line, 4u);
  EXPECT_EQ(S.unmatched()[0].Column, 4u);
  EXPECT_EQ(S.unmatched()[1].K, Suppressions::Kind::End);
  EXPECT_EQ(S.unmatched()[1].Line, 6u);
  EXPECT_FALSE(S.suppresses(Check, 5, 1));
  EXPECT_EQ(S.lineText(6), "// NOLINTEND(errlint-send-after-close)");
}

TEST(BaselineTest, CollapsesWhitespace) {
  EXPECT_EQ(collapseWhitespace("  p.send( 1 ,\t2 );  "), "p.send( 1 , 2 );");
  EXPECT_EQ(collapseWhitespace(""), "");
}

Result makeResult(const std::string &File, unsigned Line,
                  const std::string &Text, const std::string &Function) {
  Result R;
  R.F.RuleId = "send-after-close";
  R.F.Loc.File = File;
  R.F.Loc.Line = Line;
  R.F.Loc.Column = 3;
  R.F.Loc.LineText = Text;
  R.F.Function = Function;
  return R;
}

TEST(BaselineTest, FingerprintsIgnoreLinesAndIndentation) {
  std::vector<Result> A = {makeResult("/r/src/a.cpp", 4, "  p.send(1);", "f")};
  std::vector<Result> B = {makeResult("/r/src/a.cpp", 40, "p.send(1);", "f")};
  std::vector<Result> Moved = {
      makeResult("/elsewhere/src/a.cpp", 4, "p.send(1);", "f")};
  assignFingerprints(A, "/r");
  assignFingerprints(B, "/r");
  assignFingerprints(Moved, "/elsewhere");
  EXPECT_EQ(A[0].Fingerprint.size(), 16u);
  EXPECT_EQ(A[0].Fingerprint, B[0].Fingerprint);
  EXPECT_EQ(A[0].Fingerprint, Moved[0].Fingerprint);
}

TEST(BaselineTest, IdenticalFindingsInOneFunctionStayApart) {
  std::vector<Result> R = {makeResult("/r/a.cpp", 4, "p.send(1);", "f"),
                           makeResult("/r/a.cpp", 5, "p.send(1);", "f"),
                           makeResult("/r/a.cpp", 9, "p.send(1);", "g")};
  assignFingerprints(R, "/r");
  EXPECT_NE(R[0].Fingerprint, R[1].Fingerprint);
  EXPECT_NE(R[0].Fingerprint, R[2].Fingerprint);
  EXPECT_NE(R[1].Fingerprint, R[2].Fingerprint);
}

TEST(SelectionTest, ParsesShards) {
  ShardSpec S;
  std::string Error;
  EXPECT_TRUE(parseShard("2/4", S, Error));
  EXPECT_EQ(S.Index, 2u);
  EXPECT_EQ(S.Count, 4u);
  EXPECT_FALSE(parseShard("0/4", S, Error));
  EXPECT_FALSE(parseShard("5/4", S, Error));
  EXPECT_FALSE(parseShard("1/0", S, Error));
  EXPECT_FALSE(parseShard("x", S, Error));
  EXPECT_NE(Error.find("expected K/N"), std::string::npos);
}

TEST(SelectionTest, ShardsPartitionAndBalanceBySize) {
  namespace fs = std::filesystem;
  fs::path Dir = fs::temp_directory_path() /
                 ("errlint-shard-" + std::to_string(getpid()));
  fs::create_directories(Dir);
  std::vector<std::string> Files;
  const size_t Sizes[] = {900, 500, 400, 300, 100, 100};
  for (size_t I = 0; I < 6; ++I) {
    std::string P = (Dir / ("f" + std::to_string(I) + ".cpp")).string();
    std::ofstream(P) << std::string(Sizes[I], 'x');
    Files.push_back(P);
  }
  std::vector<std::string> All;
  std::vector<size_t> Bytes;
  for (unsigned K = 1; K <= 3; ++K) {
    std::vector<std::string> Shard = filesOfShard(Files, {K, 3});
    size_t Total = 0;
    for (const std::string &F : Shard) {
      All.push_back(F);
      Total += fs::file_size(F);
    }
    Bytes.push_back(Total);
  }
  fs::remove_all(Dir);
  std::sort(All.begin(), All.end());
  EXPECT_EQ(All, Files);
  // Largest first, each to the lightest shard: 900 | 500+100+100 | 400+300.
  EXPECT_EQ(Bytes, (std::vector<size_t>{900, 700, 700}));
}

TEST(PathsTest, RelativeToRoot) {
  EXPECT_EQ(relativeToRoot("/r/src/a.cpp", "/r"), "src/a.cpp");
  EXPECT_EQ(relativeToRoot("/r/src/a.cpp", "/r/"), "src/a.cpp");
  EXPECT_EQ(relativeToRoot("/rx/a.cpp", "/r"), "/rx/a.cpp");
  EXPECT_EQ(relativeToRoot("/r", "/r"), "/r");
  EXPECT_EQ(relativeToRoot("/a.cpp", "/"), "a.cpp");
  EXPECT_TRUE(isRelative("src/a.cpp"));
  EXPECT_FALSE(isRelative("/rx/a.cpp"));
}

TEST(PathsTest, UrisRoundTrip) {
  EXPECT_EQ(encodeUriPath("src/odd name#1%.cpp"), "src/odd%20name%231%25.cpp");
  EXPECT_EQ(decodeUriPath("src/odd%20name%231%25.cpp"), "src/odd name#1%.cpp");
  EXPECT_EQ(decodeUriPath("100%"), "100%");
  EXPECT_EQ(fileUri("/r/a b.cpp"), "file:///r/a%20b.cpp");
}

TEST(ResultsTest, ExitCodes) {
  SeverityCounts None, Warn{0, 1}, Err{1, 0};
  EXPECT_EQ(exitCodeFor(false, None, FailOn::Warning), ExitClean);
  EXPECT_EQ(exitCodeFor(false, Warn, FailOn::Warning), ExitFindings);
  EXPECT_EQ(exitCodeFor(false, Warn, FailOn::Error), ExitClean);
  EXPECT_EQ(exitCodeFor(false, Err, FailOn::Error), ExitFindings);
  EXPECT_EQ(exitCodeFor(false, Err, FailOn::Never), ExitClean);
  EXPECT_EQ(exitCodeFor(true, None, FailOn::Never), ExitIncomplete);
}

} // namespace
