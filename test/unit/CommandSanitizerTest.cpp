//===- CommandSanitizerTest.cpp - Compile command sanitizing -------------===//

#include "CommandSanitizer.h"
#include "FindingWire.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace errlint;
using Args = std::vector<std::string>;

namespace {

Args sanitize(const Args &In, std::vector<std::string> &Dropped,
              const CommandPolicy &P = {}) {
  return sanitizeCommand(In, "/", P, Dropped);
}

TEST(CommandSanitizerTest, KeepsOrdinaryFlags) {
  std::vector<std::string> Dropped;
  Args In{"c++", "-std=c++17", "-Xclang", "-fno-pch-timestamp", "-I", "x",
          "-c", "a.cpp"};
  EXPECT_EQ(sanitize(In, Dropped), In);
  EXPECT_TRUE(Dropped.empty());
}

TEST(CommandSanitizerTest, DropsEveryPluginForm) {
  std::vector<std::string> Dropped;
  Args In{"c++",      "-fplugin=p.so", "-fpass-plugin=q.so", "-Xclang",
          "-load",    "-Xclang",       "r.so",               "-Xclang",
          "-plugin",  "-Xclang",       "name",               "-Xclang",
          "-add-plugin", "-Xclang",    "name",               "-load",
          "s.so",     "-Xclang",       "-plugin-arg-name",   "-Xclang",
          "v",        "-c",            "a.cpp"};
  EXPECT_EQ(sanitize(In, Dropped), (Args{"c++", "-c", "a.cpp"}));
  ASSERT_EQ(Dropped.size(), 7u);
  EXPECT_EQ(Dropped[2], "'-Xclang -load -Xclang r.so' (it loads code into "
                        "the compiler; --allow-compiler-plugins keeps it)");
}

TEST(CommandSanitizerTest, TruncatedPluginFlagIsDropped) {
  std::vector<std::string> Dropped;
  EXPECT_EQ(sanitize({"c++", "-Xclang", "-load"}, Dropped), (Args{"c++"}));
  EXPECT_EQ(sanitize({"c++", "-load"}, Dropped), (Args{"c++"}));
}

TEST(CommandSanitizerTest, AllowedPluginsAreKept) {
  std::vector<std::string> Dropped;
  CommandPolicy P;
  P.AllowCompilerPlugins = true;
  Args In{"c++", "-fplugin=p.so", "-Xclang", "-load", "-Xclang", "r.so"};
  EXPECT_EQ(sanitize(In, Dropped, P), In);
  EXPECT_TRUE(Dropped.empty());
}

class ResponseFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("errlint-rsp", Root));
    Policy.ProjectRoot = std::string(Root);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  std::string write(const std::string &Name, const std::string &Text) {
    llvm::SmallString<256> Path(Root);
    llvm::sys::path::append(Path, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text;
    return std::string(Path);
  }

  llvm::SmallString<256> Root;
  CommandPolicy Policy;
};

TEST_F(ResponseFileTest, ExpandsInsideProjectAndDropsPlugins) {
  write("in.rsp", "-DX=1 \"-I dir\" -fplugin=p.so @nested.rsp");
  write("nested.rsp", "-Xclang -load -Xclang q.so -O2");
  std::vector<std::string> Dropped;
  Args Out = sanitizeCommand({"c++", "@in.rsp", "a.cpp"}, std::string(Root),
                             Policy, Dropped);
  EXPECT_EQ(Out, (Args{"c++", "-DX=1", "-I dir", "-O2", "a.cpp"}));
  EXPECT_EQ(Dropped.size(), 2u);
}

TEST_F(ResponseFileTest, RefusesOutsideMissingAndLooping) {
  write("loop.rsp", "-DL @loop.rsp");
  std::vector<std::string> Dropped;
  Args Out = sanitizeCommand({"c++", "@/etc/passwd", "@missing.rsp",
                              "@loop.rsp"},
                             std::string(Root), Policy, Dropped);
  EXPECT_EQ(Out.front(), "c++");
  EXPECT_EQ(Out.size(), 17u); // -DL once per level of nesting allowed.
  ASSERT_EQ(Dropped.size(), 3u);
  EXPECT_NE(Dropped[0].find("read only from inside the project"),
            std::string::npos);
  EXPECT_NE(Dropped[2].find("nest deeper"), std::string::npos);
}

TEST_F(ResponseFileTest, NoProjectRootReadsNothing) {
  write("in.rsp", "-DX=1");
  Policy.ProjectRoot.clear();
  std::vector<std::string> Dropped;
  Args Out = sanitizeCommand({"c++", "@in.rsp"}, std::string(Root), Policy,
                             Dropped);
  EXPECT_EQ(Out, (Args{"c++"}));
  EXPECT_EQ(Dropped.size(), 1u);
}

TEST(FindingWireTest, RoundTrips) {
  UnitResult R;
  Finding F;
  F.RuleId = "send-after-close";
  F.Severity = SeverityLevel::Warning;
  F.Message = "call to 'send'";
  F.Loc.File = "/p/a.cpp";
  F.Loc.Line = 6;
  F.Loc.Column = 12;
  F.Loc.LineText = "  p.send(2); \xff";
  F.Function = "ns::f";
  F.Notes.push_back({F.Loc, "closed here", NoteKind::Close});
  F.RecordIds = {"r1", "r2"};
  F.Consequence = "it throws";
  R.Findings = {F};
  R.Diagnostics = "a.cpp:1:1: warning: x";
  UnitResult Back;
  std::string Error;
  ASSERT_TRUE(fromWire(toWire(R), Back, Error)) << Error;
  ASSERT_EQ(Back.Findings.size(), 1u);
  const Finding &G = Back.Findings[0];
  EXPECT_EQ(G.RuleId, F.RuleId);
  EXPECT_EQ(G.Loc.Line, 6u);
  EXPECT_EQ(G.Notes[0].Message, "closed here");
  EXPECT_EQ(G.RecordIds, F.RecordIds);
  EXPECT_EQ(Back.Diagnostics, R.Diagnostics);
  EXPECT_FALSE(Back.Failed);
}

TEST(FindingWireTest, RejectsGarbage) {
  UnitResult R;
  std::string Error;
  EXPECT_FALSE(fromWire("", R, Error));
  EXPECT_FALSE(fromWire("{\"findings\": 3}", R, Error));
  EXPECT_FALSE(Error.empty());
}

} // namespace
