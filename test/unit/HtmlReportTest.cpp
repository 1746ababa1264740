//===- HtmlReportTest.cpp - Tests of the HTML report ---------------------===//

#include "HtmlReport.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace errlint;
namespace fs = std::filesystem;

namespace {

/// A source file of N numbered lines ("line 1" ...) in a fresh directory.
class SourceFile {
public:
  explicit SourceFile(unsigned N) {
    Dir = fs::temp_directory_path() /
          ("errlint-html-" + std::to_string(getpid()));
    fs::create_directories(Dir / "src");
    Path = (Dir / "src" / "a.cpp").string();
    std::ofstream OS(Path);
    for (unsigned I = 1; I <= N; ++I)
      OS << "line " << I << "\n";
  }
  ~SourceFile() {
    std::error_code EC;
    fs::remove_all(Dir, EC);
  }
  fs::path Dir;
  std::string Path;
};

Location at(const std::string &File, unsigned Line, std::string Text = "") {
  Location L;
  L.File = File;
  L.Line = Line;
  L.Column = 3;
  L.LineText = std::move(Text);
  return L;
}

Finding finding(const std::string &File, unsigned UseLine, unsigned CloseLine) {
  Finding F;
  F.RuleId = "send-after-close";
  F.Severity = SeverityLevel::Warning;
  F.Message = "call to 'send' on 'p' after it was closed";
  F.Loc = at(File, UseLine, "use text");
  Note N;
  N.Loc = at(File, CloseLine, "close text");
  N.Message = "'p' is closed here";
  F.Notes.push_back(N);
  return F;
}

std::string render(const std::vector<Finding> &Findings,
                   const std::string &Base) {
  Catalog Cat;
  std::vector<LoadError> Errors;
  Cat.loadBuiltins(Errors);
  HtmlReportOptions Opts;
  Opts.BaseDir = Base;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  renderHtml(Cat, Findings, Opts, OS);
  return Out;
}

/// The JSON the page script reads.
nlohmann::json pageData(const std::string &Html) {
  const std::string Open = "<script type=\"application/json\" id=\"errlint-data\">";
  size_t Begin = Html.find(Open);
  EXPECT_NE(Begin, std::string::npos);
  Begin += Open.size();
  size_t End = Html.find("</script>", Begin);
  return nlohmann::json::parse(Html.substr(Begin, End - Begin));
}

TEST(HtmlReportTest, FarApartLinesMakeTwoHunks) {
  SourceFile Src(30);
  nlohmann::json D = pageData(render({finding(Src.Path, 20, 5)}, Src.Dir.string()));
  const nlohmann::json &Code = D["findings"][0]["code"];
  ASSERT_EQ(Code.size(), 2u);
  EXPECT_EQ(Code[0]["start"], 2);
  EXPECT_EQ(Code[0]["lines"].size(), 7u);
  EXPECT_EQ(Code[0]["lines"][3], "line 5");
  EXPECT_EQ(Code[0]["marks"][0]["kind"], "close");
  EXPECT_EQ(Code[1]["start"], 17);
  EXPECT_EQ(Code[1]["lines"][3], "line 20");
  EXPECT_EQ(Code[1]["marks"][0]["kind"], "finding");
  EXPECT_EQ(Code[1]["marks"][0]["label"], "used here");
  EXPECT_EQ(D["files"], nlohmann::json({"src/a.cpp"}));
}

TEST(HtmlReportTest, NearbyLinesShareOneHunkClippedToTheFile) {
  SourceFile Src(12);
  nlohmann::json D = pageData(render({finding(Src.Path, 11, 6)}, Src.Dir.string()));
  const nlohmann::json &Code = D["findings"][0]["code"];
  ASSERT_EQ(Code.size(), 1u);
  EXPECT_EQ(Code[0]["start"], 3);
  EXPECT_EQ(Code[0]["lines"].size(), 10u); // lines 3..12, the file's end
  EXPECT_EQ(Code[0]["marks"].size(), 2u);
}

TEST(HtmlReportTest, UnreadableFileFallsBackToTheFindingsLines) {
  nlohmann::json D =
      pageData(render({finding("/nonexistent/dir/b.cpp", 9, 4)}, "/nonexistent"));
  const nlohmann::json &Code = D["findings"][0]["code"];
  ASSERT_EQ(Code.size(), 2u);
  EXPECT_EQ(Code[0]["start"], 4);
  EXPECT_EQ(Code[0]["lines"], nlohmann::json({"close text"}));
  EXPECT_EQ(Code[1]["start"], 9);
  EXPECT_EQ(Code[1]["lines"], nlohmann::json({"use text"}));
  EXPECT_EQ(D["files"], nlohmann::json({"dir/b.cpp"}));
}

TEST(HtmlReportTest, CommonDirectoryIsTheDefaultBase) {
  std::vector<Finding> Findings = {finding("/x/proj/src/a.cpp", 3, 2),
                                   finding("/x/proj/lib/net/b.cpp", 3, 2)};
  std::string Html = render(Findings, "");
  EXPECT_NE(Html.find("2 findings in <code>/x/proj</code>"), std::string::npos);
  nlohmann::json D = pageData(Html);
  EXPECT_EQ(D["files"], nlohmann::json({"src/a.cpp", "lib/net/b.cpp"}));
  EXPECT_NE(Html.find("<a href=\"#file=lib/net/\""), std::string::npos);
  EXPECT_NE(Html.find("<a href=\"#file=src/\""), std::string::npos);
}

TEST(HtmlReportTest, CitedRecordsAreEmbeddedOnce) {
  std::vector<Finding> Findings = {finding("/x/a.cpp", 3, 2),
                                   finding("/x/a.cpp", 9, 8)};
  for (Finding &F : Findings)
    F.RecordIds = {"c7bc457763aafddb"};
  nlohmann::json D = pageData(render(Findings, "/x"));
  ASSERT_EQ(D["records"].size(), 1u);
  const nlohmann::json &R = D["records"]["c7bc457763aafddb"];
  EXPECT_EQ(R["errorClass"], "KafkaException");
  EXPECT_EQ(R["tips"].size(), 4u);
  EXPECT_EQ(D["rules"]["send-after-close"]["summary"],
            "A message is sent on a channel or producer after close()");
}

TEST(HtmlReportTest, NoFindingsIsAValidPageWithoutCharts) {
  std::string Html = render({}, "");
  EXPECT_NE(Html.find("<b>0</b> findings"), std::string::npos);
  EXPECT_NE(Html.find(">No findings.</p>"), std::string::npos);
  EXPECT_EQ(Html.find("class=\"chart\""), std::string::npos);
  EXPECT_EQ(pageData(Html)["findings"].size(), 0u);
  EXPECT_NE(Html.find("</html>"), std::string::npos);
}

TEST(HtmlReportTest, InvalidUtf8InSourcesIsReplaced) {
  SourceFile Src(1);
  {
    std::ofstream OS(Src.Path);
    OS << "ok\n\xff\xfe bad\n";
  }
  nlohmann::json D = pageData(render({finding(Src.Path, 2, 1)}, Src.Dir.string()));
  EXPECT_EQ(D["findings"][0]["code"][0]["lines"][1], "\xEF\xBF\xBD\xEF\xBF\xBD bad");
}

} // namespace
