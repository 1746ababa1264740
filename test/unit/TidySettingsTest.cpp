//===- TidySettingsTest.cpp - errlint's options inside clang-tidy ---------===//

#include "TempDir.h"
#include "TidySettings.h"

#include "llvm/Support/FileSystem.h"
#include <gtest/gtest.h>

using namespace errlint;
using namespace errlint::tidy;
using clang::tidy::ClangTidyGlobalOptions;
using clang::tidy::ClangTidyOptions;

namespace {

ClangTidyOptions::OptionMap
options(std::initializer_list<std::pair<const char *, const char *>> KVs) {
  ClangTidyOptions::OptionMap Map;
  for (const auto &[Key, Value] : KVs)
    Map[Key] = ClangTidyOptions::ClangTidyValue(Value);
  return Map;
}

bool allEnabled(llvm::StringRef) { return true; }
bool noneEnabled(llvm::StringRef) { return false; }

TEST(TidySettingsTest, ParsesCiteLevels) {
  CiteLevel Level = CiteLevel::Full;
  EXPECT_TRUE(parseCite("tips", Level));
  EXPECT_EQ(Level, CiteLevel::Tips);
  EXPECT_TRUE(parseCite(" none ", Level));
  EXPECT_EQ(Level, CiteLevel::None);
  EXPECT_TRUE(parseCite("full", Level));
  EXPECT_EQ(Level, CiteLevel::Full);
  EXPECT_FALSE(parseCite("Full", Level));
  EXPECT_FALSE(parseCite("", Level));
}

TEST(TidySettingsTest, CheckCiteWinsOverShared) {
  auto Opts = options({{"errlint.Cite", "tips"},
                       {"errlint-send-after-close.Cite", "none"}});
  Settings S(Opts, "/src/a.cpp", allEnabled);
  EXPECT_TRUE(S.errors().empty());
  EXPECT_EQ(S.citeFor("send-after-close"), CiteLevel::None);
  EXPECT_EQ(S.citeFor("other-rule"), CiteLevel::Tips);
}

TEST(TidySettingsTest, CiteDefaultsToFull) {
  auto Opts = options({{"misc-x.Cite", "none"}, {"errlint.Other", "none"}});
  Settings S(Opts, "/src/a.cpp", allEnabled);
  EXPECT_TRUE(S.errors().empty());
  EXPECT_EQ(S.citeFor("send-after-close"), CiteLevel::Full);
}

TEST(TidySettingsTest, InvalidCiteNamesTheKeyEvenForDisabledChecks) {
  auto Opts = options({{"errlint-send-after-close.Cite", "loud"}});
  Settings S(Opts, "/src/a.cpp", noneEnabled);
  ASSERT_EQ(S.errors().size(), 1u);
  EXPECT_EQ(S.errors()[0], "invalid value 'loud' for option "
                           "'errlint-send-after-close.Cite'; expected 'full', "
                           "'tips' or 'none'");
  EXPECT_EQ(S.citeFor("send-after-close"), CiteLevel::Full);
}

TEST(TidySettingsTest, PathsSharedFirstThenEnabledChecksInOrder) {
  auto Opts = options({{"errlint-b.ExtraRules", "/r/b.json"},
                       {"errlint-a.ExtraRules", "/r/a.json; /r/shared.json"},
                       {"errlint-off.ExtraRules", "/r/off.json"},
                       {"misc-x.ExtraRules", "/r/misc.json"},
                       {"errlint.ExtraRules", "/r/shared.json;;"},
                       {"errlint.ExtraRecords", "/d/records.jsonl"}});
  Settings S(Opts, "/src/a.cpp",
             [](llvm::StringRef Name) { return Name != "errlint-off"; });
  EXPECT_EQ(S.rulePaths(), (std::vector<std::string>{
                               "/r/shared.json", "/r/a.json", "/r/b.json"}));
  EXPECT_EQ(S.recordPaths(), (std::vector<std::string>{"/d/records.jsonl"}));
}

TEST(TidySettingsTest, RelativePathsFollowTheClangTidyFileThatSetsThem) {
  TempDir Dir;
  Dir.write("proj/.clang-tidy", "CheckOptions:\n"
                                "  errlint.ExtraRules: tools/rules.json\n");
  // A nearer file that inherits: the walk goes on to proj/.
  Dir.write("proj/src/.clang-tidy", "InheritParentConfig: true\n"
                                    "CheckOptions:\n"
                                    "  errlint.Cite: none\n");
  std::string Main = Dir.write("proj/src/a.cpp", "");
  EXPECT_EQ(resolveOptionPath("tools/rules.json", "errlint.ExtraRules",
                              "tools/rules.json", Main),
            Dir.str() + "/proj/tools/rules.json");
  EXPECT_EQ(resolveOptionPath("tools/../x/./y.json", "errlint.ExtraRules",
                              "tools/rules.json", Main),
            Dir.str() + "/proj/x/y.json");
  EXPECT_EQ(resolveOptionPath("/abs/y.json", "errlint.ExtraRules", "/abs/y.json",
                              Main),
            "/abs/y.json");
}

TEST(TidySettingsTest, RelativePathsOtherwiseFollowTheWorkingDirectory) {
  TempDir Dir;
  Dir.write("proj/.clang-tidy", "CheckOptions:\n"
                                "  errlint.ExtraRules: tools/rules.json\n");
  // A nearer file that does not inherit hides proj/.clang-tidy; and a value
  // other than the file's came from --config.
  Dir.write("proj/lib/.clang-tidy", "Checks: '-*,errlint-*'\n");
  std::string Hidden = Dir.write("proj/lib/b.cpp", "");
  std::string Main = Dir.write("proj/a.cpp", "");
  llvm::SmallString<256> Cwd;
  ASSERT_FALSE(llvm::sys::fs::current_path(Cwd));
  EXPECT_EQ(resolveOptionPath("tools/rules.json", "errlint.ExtraRules",
                              "tools/rules.json", Hidden),
            std::string(Cwd) + "/tools/rules.json");
  EXPECT_EQ(resolveOptionPath("other.json", "errlint.ExtraRules", "other.json",
                              Main),
            std::string(Cwd) + "/other.json");
}

ClangTidyGlobalOptions lineFilter(const char *Name,
                                  std::vector<std::pair<unsigned, unsigned>>
                                      Ranges) {
  ClangTidyGlobalOptions Global;
  Global.LineFilter.push_back({Name, std::move(Ranges)});
  return Global;
}

TEST(TidySettingsTest, FiltersLikeClangTidy) {
  ClangTidyOptions Opts;
  ClangTidyGlobalOptions NoLines;
  // The main file always passes; headers only through the header filter,
  // which matches nothing when empty.
  EXPECT_TRUE(passesTidyFilters(Opts, NoLines, "/s/a.cpp", true, 3));
  EXPECT_FALSE(passesTidyFilters(Opts, NoLines, "/s/api.h", false, 3));
  Opts.HeaderFilterRegex = "";
  EXPECT_FALSE(passesTidyFilters(Opts, NoLines, "/s/api.h", false, 3));
  Opts.HeaderFilterRegex = "api";
  EXPECT_TRUE(passesTidyFilters(Opts, NoLines, "/s/api.h", false, 3));
  EXPECT_FALSE(passesTidyFilters(Opts, NoLines, "/s/other.h", false, 3));
  Opts.ExcludeHeaderFilterRegex = "s/api";
  EXPECT_FALSE(passesTidyFilters(Opts, NoLines, "/s/api.h", false, 3));
  EXPECT_TRUE(passesTidyFilters(Opts, NoLines, "/s/a.cpp", true, 3));
}

TEST(TidySettingsTest, LineFilterLikeClangTidy) {
  ClangTidyOptions Opts;
  ClangTidyGlobalOptions Lines = lineFilter("a.cpp", {{2, 4}});
  EXPECT_TRUE(passesTidyFilters(Opts, Lines, "/s/a.cpp", true, 2));
  EXPECT_TRUE(passesTidyFilters(Opts, Lines, "/s/a.cpp", true, 4));
  EXPECT_FALSE(passesTidyFilters(Opts, Lines, "/s/a.cpp", true, 5));
  // A file the filter does not name shows nothing; one named without lines
  // shows everything.
  EXPECT_FALSE(passesTidyFilters(Opts, Lines, "/s/b.cpp", true, 2));
  ClangTidyGlobalOptions Whole = lineFilter("b.cpp", {});
  EXPECT_TRUE(passesTidyFilters(Opts, Whole, "/s/b.cpp", true, 99));
}

TEST(TidySettingsTest, CatalogueLoadsOnceAndReportsErrors) {
  TempDir Dir;
  std::string Bad = Dir.write("bad.json", "{\n  \"id\": \"x\"\n");
  auto Opts = options({{"errlint.ExtraRules", Bad.c_str()}});
  Settings S(Opts, "/src/a.cpp", allEnabled);
  const LoadedCatalog &L = loadCatalog(S);
  EXPECT_FALSE(L.E);
  ASSERT_FALSE(L.Errors.empty());
  EXPECT_EQ(L.Errors[0].File, Bad);
  EXPECT_EQ(&loadCatalog(S), &L);

  const LoadedCatalog &Builtin = builtinCatalog();
  EXPECT_TRUE(Builtin.E);
  EXPECT_TRUE(Builtin.Errors.empty());
  EXPECT_TRUE(Builtin.Cat.findRule("send-after-close"));
}

} // namespace
