//===- CatalogTest.cpp - Tests of the record and rule loaders -------------===//

#include "Catalog.h"
#include "TempDir.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace errlint;
namespace fs = std::filesystem;

namespace {

const std::string SourceRoot = ERRLINT_SOURCE_ROOT;
const std::string RecordsDir = SourceRoot + "/rules/records";
const std::string WrappedRecord = RecordsDir + "/2b4805afaf74e9d2.json";
const std::string BareRecord = RecordsDir + "/c7bc457763aafddb.json";

/// All messages, one a line, for failure output.
std::string dump(const std::vector<LoadError> &Errors) {
  std::string Out;
  for (const LoadError &E : Errors)
    Out += E.str() + "\n";
  return Out;
}

/// A minimal valid rule, with Extra spliced in as more top-level members.
std::string ruleJson(const std::string &Id = "r1",
                     const std::string &Extra = "",
                     const std::string &ProfileExtra = "") {
  return "{\n"
         "  \"id\": \"" +
         Id +
         "\",\n"
         "  \"summary\": \"s\",\n"
         "  \"analysis\": \"use-after-close\",\n"
         "  \"records\": [\"rec1\"],\n" +
         Extra +
         "  \"profiles\": [{\"name\": \"p\", \"types\": [\"*Channel\"],\n"
         "                \"close\": [\"close\"], \"use\": [\"send\"]" +
         ProfileExtra +
         "}]\n"
         "}\n";
}

/// Loads rules from text and expects exactly one error, which it returns.
LoadError oneRuleError(const std::string &Text) {
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(C.addRulesFromText("rules.json", Text, Errors));
  EXPECT_EQ(Errors.size(), 1u) << dump(Errors);
  return Errors.empty() ? LoadError() : Errors.front();
}

//===----------------------------------------------------------------------===//
// LoadError
//===----------------------------------------------------------------------===//

TEST(LoadErrorTest, Formats) {
  LoadError E{"f.json", 3, 7, "/id", "bad"};
  EXPECT_EQ(E.str(), "f.json:3:7: error: bad (field '/id')");
  E.Line = E.Column = 0;
  E.Field.clear();
  EXPECT_EQ(E.str(), "f.json: error: bad");
}

//===----------------------------------------------------------------------===//
// Records
//===----------------------------------------------------------------------===//

TEST(RecordTest, LoadsWrappedRecord) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.loadRecords(WrappedRecord, Errors)) << dump(Errors);
  const Record *R = C.findRecord("2b4805afaf74e9d2");
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Repo, "apache/cassandra");
  EXPECT_EQ(R->ErrorMessage, "stream has been closed, cannot send %s");
  EXPECT_EQ(R->ErrorClass, "RuntimeException");
  EXPECT_EQ(R->LineNumber, 214u);
  EXPECT_FALSE(R->Solutions.empty());
  EXPECT_FALSE(R->PreventionTips.empty());
  EXPECT_EQ(R->Tags.front(), "streaming");
  EXPECT_EQ(R->BackgroundTag, "invalid-state-transition");
  EXPECT_FALSE(R->DatasetVersion.empty());
  EXPECT_EQ(R->Origin, WrappedRecord);
}

TEST(RecordTest, LoadsBareRecordWithNulls) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.loadRecords(BareRecord, Errors)) << dump(Errors);
  const Record *R = C.findRecord("c7bc457763aafddb");
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->ErrorMessage, "Producer closed while send in progress");
  EXPECT_EQ(R->LineNumber, 322u);
  EXPECT_TRUE(R->ValidationCode.empty()); // null in the data
  EXPECT_TRUE(R->DatasetVersion.empty());
}

TEST(RecordTest, LoadsDirectory) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.loadRecords(RecordsDir, Errors)) << dump(Errors);
  EXPECT_EQ(C.records().size(), 2u);
}

TEST(RecordTest, DirectoryTakesJsonAndJsonlSortedAndSkipsOthers) {
  TempDir Dir;
  Dir.write("b.jsonl", "{\"id\": \"x\", \"errorMessage\": \"second\"}\n");
  Dir.write("a.json", "{\"id\": \"x\", \"errorMessage\": \"first\"}");
  Dir.write("notes.txt", "not json");
  fs::create_directory(fs::path(Dir.str()) / "sub.json");
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.loadRecords(Dir.str(), Errors)) << dump(Errors);
  ASSERT_EQ(C.records().size(), 1u);
  // b.jsonl is loaded after a.json and replaces the record.
  EXPECT_EQ(C.findRecord("x")->ErrorMessage, "second");
  EXPECT_EQ(C.findRecord("x")->Origin, Dir.str() + "/b.jsonl:1");
}

TEST(RecordTest, JsonLinesReportsTheRealLine) {
  TempDir Dir;
  std::string Path = Dir.write(
      "data.jsonl",
      "{\"id\": \"a\", \"errorMessage\": \"m\"}\n"
      "\n"
      "{\"record\": {\"id\": \"b\", \"errorMessage\": \"m\"}, "
      "\"datasetVersion\": \"v2\"}\r\n"
      "{\"id\": \"c\", \"errorMessage\": \"m\", \"tags\": [\"t\", 3]}\n"
      "{\"id\": \"d\", \"errorMessage\": \n"
      "   \n"
      "{\"id\": \"e\", \"errorMessage\": \"m\"}\n");
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(C.loadRecords(Path, Errors));
  ASSERT_EQ(Errors.size(), 2u) << dump(Errors);
  EXPECT_EQ(Errors[0].File, Path);
  EXPECT_EQ(Errors[0].Line, 4u);
  EXPECT_EQ(Errors[0].Column, 48u);
  EXPECT_EQ(Errors[0].Field, "/tags/1");
  EXPECT_EQ(Errors[0].Message, "expected a string, found number");
  EXPECT_EQ(Errors[1].Line, 5u);
  EXPECT_NE(Errors[1].Message.find("unexpected end of input"),
            std::string::npos);
  // The good lines load despite the bad ones.
  EXPECT_NE(C.findRecord("a"), nullptr);
  EXPECT_NE(C.findRecord("e"), nullptr);
  EXPECT_EQ(C.findRecord("c"), nullptr);
  ASSERT_NE(C.findRecord("b"), nullptr);
  EXPECT_EQ(C.findRecord("b")->DatasetVersion, "v2");
  EXPECT_EQ(C.findRecord("b")->Origin, Path + ":3");
}

TEST(RecordTest, ArrayOfBothShapes) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.addRecordsFromText(
      "a.json",
      "[{\"id\": \"a\", \"errorMessage\": \"m\", \"futureField\": {}},"
      " {\"record\": {\"id\": \"b\", \"errorMessage\": \"m\"}}]",
      /*JsonLines=*/false, Errors))
      << dump(Errors);
  EXPECT_EQ(C.records().size(), 2u);
}

TEST(RecordTest, WrongTypesReportFieldPointers) {
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(
      C.addRecordsFromText("r.json",
                           "{\"record\": {\n"
                           "  \"id\": \"a\", \"errorMessage\": \"m\",\n"
                           "  \"repo\": 5,\n"
                           "  \"preventionTips\": [\"ok\", null],\n"
                           "  \"solutions\": \"one\",\n"
                           "  \"lineNumber\": -3\n"
                           "}, \"datasetVersion\": 2}",
                           /*JsonLines=*/false, Errors));
  ASSERT_EQ(Errors.size(), 5u) << dump(Errors);
  EXPECT_EQ(Errors[0].str(), "r.json:3:11: error: expected a string, found "
                             "number (field '/record/repo')");
  EXPECT_EQ(Errors[1].Field, "/record/solutions");
  EXPECT_EQ(Errors[1].Message, "expected an array of strings, found string");
  EXPECT_EQ(Errors[2].Field, "/record/preventionTips/1");
  EXPECT_EQ(Errors[2].Line, 4u);
  EXPECT_EQ(Errors[2].Column, 28u);
  EXPECT_EQ(Errors[2].Message, "expected a string, found null");
  EXPECT_EQ(Errors[3].Field, "/record/lineNumber");
  EXPECT_EQ(Errors[3].Message, "expected a non-negative integer, found -3");
  EXPECT_EQ(Errors[4].Field, "/datasetVersion");
  EXPECT_TRUE(C.records().empty());
}

TEST(RecordTest, MissingRequiredFields) {
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(C.addRecordsFromText("r.json", "\n  {\"id\": \"\", \"x\": 1}",
                                    /*JsonLines=*/false, Errors));
  ASSERT_EQ(Errors.size(), 2u) << dump(Errors);
  EXPECT_EQ(Errors[0].Field, "/id");
  EXPECT_EQ(Errors[0].Message, "field 'id' must not be empty");
  EXPECT_EQ(Errors[1].Field, "/errorMessage");
  EXPECT_EQ(Errors[1].Message, "missing required field 'errorMessage'");
  // A missing field is reported at its object.
  EXPECT_EQ(Errors[1].Line, 2u);
  EXPECT_EQ(Errors[1].Column, 3u);
}

TEST(RecordTest, MalformedJsonPosition) {
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(C.addRecordsFromText("r.json", "{\n  \"id\": \"a\",\n  , }",
                                    /*JsonLines=*/false, Errors));
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0].Line, 3u);
  EXPECT_EQ(Errors[0].Column, 3u);
  EXPECT_EQ(Errors[0].Message.rfind("syntax error while parsing object key", 0),
            0u)
      << Errors[0].Message;
}

TEST(RecordTest, NotAnObject) {
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(
      C.addRecordsFromText("r.jsonl", "[1]\n", /*JsonLines=*/true, Errors));
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0].Message, "expected a record object, found array");
}

TEST(RecordTest, DeepNestingRejected) {
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(C.addRecordsFromText("r.json", std::string(100000, '['),
                                    /*JsonLines=*/false, Errors));
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_NE(Errors[0].Message.find("nesting is deeper than 512 levels"),
            std::string::npos);
}

TEST(RecordTest, MissingPathNamesOsReason) {
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(C.loadRecords("/nonexistent/errlint.json", Errors));
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0].File, "/nonexistent/errlint.json");
  EXPECT_NE(Errors[0].Message.find("No such file or directory"),
            std::string::npos)
      << Errors[0].Message;
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

TEST(RuleTest, LoadsMinimalRule) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.addRulesFromText("r.json", ruleJson(), Errors)) << dump(Errors);
  const Rule *R = C.findRule("r1");
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Severity, SeverityLevel::Warning);
  EXPECT_EQ(R->Origin, "r.json:1");
  ASSERT_EQ(R->Profiles.size(), 1u);
  EXPECT_EQ(R->Profiles[0].Use, std::vector<std::string>{"send"});
}

TEST(RuleTest, LoadsRulesArrayFromDirectory) {
  TempDir Dir;
  Dir.write("b.json",
            "{\"rules\": [" + ruleJson("b1") + "," + ruleJson("b2") + "]}");
  Dir.write("a.json", ruleJson("a1"));
  Dir.write("ignored.jsonl", "garbage");
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.loadRules(Dir.str(), Errors)) << dump(Errors);
  ASSERT_EQ(C.rules().size(), 3u);
  EXPECT_EQ(C.rules()[0].Id, "a1");
  EXPECT_EQ(C.rules()[2].Id, "b2");
}

TEST(RuleTest, UnknownKeySuggestsCloseMatch) {
  LoadError E = oneRuleError(ruleJson("r1", "", ", \"clsoe\": []"));
  EXPECT_EQ(E.Message, "unknown field 'clsoe'; did you mean 'close'?");
  EXPECT_EQ(E.Field, "/profiles/0/clsoe");
  EXPECT_EQ(E.Line, 7u);
  EXPECT_EQ(E.Column, 54u);
}

TEST(RuleTest, UnknownKeyWithoutSuggestion) {
  LoadError E = oneRuleError(ruleJson("r1", "  \"frobnicate\": 1,\n"));
  EXPECT_EQ(E.Message, "unknown field 'frobnicate'");
  EXPECT_EQ(E.Field, "/frobnicate");
  EXPECT_EQ(E.Line, 6u);
  EXPECT_EQ(E.Column, 3u);
}

TEST(RuleTest, BadGlob) {
  std::string Text = ruleJson();
  Text.replace(Text.find("*Channel"), 8, "[Channel");
  LoadError E = oneRuleError(Text);
  EXPECT_EQ(E.Field, "/profiles/0/types/0");
  EXPECT_EQ(E.Message.rfind("invalid type pattern '[Channel': ", 0), 0u)
      << E.Message;
}

TEST(RuleTest, BadSeverity) {
  LoadError E = oneRuleError(ruleJson("r1", "  \"severity\": \"fatal\",\n"));
  EXPECT_EQ(E.Field, "/severity");
  EXPECT_EQ(E.Message, "severity must be 'warning' or 'error', not 'fatal'");
}

TEST(RuleTest, SeverityAndEvidenceKindsAreRead) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.addRulesFromText(
      "r.json",
      ruleJson("r1", "  \"severity\": \"error\",\n",
               ", \"evidence\": [{\"kind\": \"protocol\", \"message\": "
               "\"m\"}, {\"kind\": \"throw-site\", \"message\": \"t\"}]"),
      Errors))
      << dump(Errors);
  const Rule *R = C.findRule("r1");
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Severity, SeverityLevel::Error);
  ASSERT_EQ(R->Profiles[0].Evidence.size(), 2u);
  EXPECT_EQ(R->Profiles[0].Evidence[0].Kind, NoteKind::Protocol);
  EXPECT_EQ(R->Profiles[0].Evidence[1].Kind, NoteKind::ThrowSite);
}

TEST(RuleTest, ThrowingUsesAndClosesAreRead) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.addRulesFromText(
      "r.json",
      ruleJson("r1", "",
               ", \"useThrows\": true, \"closesWhenThrowing\": [\"close\"]"),
      Errors))
      << dump(Errors);
  const Rule *R = C.findRule("r1");
  ASSERT_NE(R, nullptr);
  EXPECT_TRUE(R->Profiles[0].UseThrows);
  EXPECT_EQ(R->Profiles[0].ClosesWhenThrowing,
            std::vector<std::string>{"close"});
}

TEST(RuleTest, ClosesWhenThrowingMustBeCloses) {
  LoadError E = oneRuleError(
      ruleJson("r1", "", ", \"closesWhenThrowing\": [\"send\"]"));
  EXPECT_EQ(E.Field, "/profiles/0/closesWhenThrowing");
  EXPECT_EQ(E.Message, "'send' is not one of the profile's \"close\" methods");
}

TEST(RuleTest, UseFailsWithIsOneValueOrOnePerUse) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.addRulesFromText(
      "r.json", ruleJson("r1", "", ", \"useFailsWith\": {\"send\": 2}"),
      Errors))
      << dump(Errors);
  const Rule *R = C.findRule("r1");
  ASSERT_NE(R, nullptr);
  EXPECT_FALSE(R->Profiles[0].UseFailsWith);
  EXPECT_EQ(R->Profiles[0].UseFailsWithOf,
            (std::map<std::string, int64_t>{{"send", 2}}));
  ASSERT_TRUE(C.addRulesFromText(
      "s.json", ruleJson("r2", "", ", \"useFailsWith\": -1"), Errors))
      << dump(Errors);
  ASSERT_NE(C.findRule("r2"), nullptr);
  EXPECT_EQ(C.findRule("r2")->Profiles[0].UseFailsWith, -1);
}

TEST(RuleTest, UseFailsWithNamesUses) {
  LoadError E = oneRuleError(
      ruleJson("r1", "", ", \"useFailsWith\": {\"close\": 2}"));
  EXPECT_EQ(E.Field, "/profiles/0/useFailsWith/close");
  EXPECT_EQ(E.Message, "'close' is not one of the profile's \"use\" methods");
  E = oneRuleError(
      ruleJson("r1", "", ", \"useFailsWith\": {\"send\": \"two\"}"));
  EXPECT_EQ(E.Field, "/profiles/0/useFailsWith/send");
  E = oneRuleError(ruleJson("r1", "", ", \"useFailsWith\": true"));
  EXPECT_EQ(E.Field, "/profiles/0/useFailsWith");
}

TEST(RuleTest, UseThrowsIsABoolean) {
  LoadError E = oneRuleError(ruleJson("r1", "", ", \"useThrows\": 1"));
  EXPECT_EQ(E.Field, "/profiles/0/useThrows");
}

TEST(RuleTest, UnknownEvidenceKind) {
  LoadError E = oneRuleError(ruleJson(
      "r1", "",
      ", \"evidence\": [{\"kind\": \"remark\", \"message\": \"m\"}]"));
  EXPECT_EQ(E.Field, "/profiles/0/evidence/0/kind");
  EXPECT_EQ(E.Message, "unknown note kind 'remark'");
}

TEST(RuleTest, BadAnalysis) {
  std::string Text = ruleJson();
  Text.replace(Text.find("use-after-close"), 15, "use-after-free");
  LoadError E = oneRuleError(Text);
  EXPECT_EQ(E.Field, "/analysis");
  EXPECT_EQ(E.Message,
            "unknown analysis 'use-after-free'; expected 'use-after-close', 'double-close', 'close-while-in-use', 'ast-matcher'");
  EXPECT_EQ(E.Line, 4u);
  EXPECT_EQ(E.Column, 15u);
}

TEST(RuleTest, BadIdAndMethodName) {
  Catalog C;
  std::vector<LoadError> Errors;
  std::string Text = ruleJson("Bad_Id");
  Text.replace(Text.find("\"send\""), 6, "\"send()\"");
  EXPECT_FALSE(C.addRulesFromText("r.json", Text, Errors));
  ASSERT_EQ(Errors.size(), 2u) << dump(Errors);
  EXPECT_EQ(Errors[0].Field, "/id");
  EXPECT_EQ(Errors[1].Field, "/profiles/0/use/0");
  EXPECT_EQ(Errors[1].Message, "method name 'send()' is not a C++ identifier or operator");
  EXPECT_TRUE(C.rules().empty());
}

TEST(RuleTest, MissingRequiredFields) {
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(C.addRulesFromText(
      "r.json", "{\"id\": \"r\", \"profiles\": [{\"name\": \"p\"}]}", Errors));
  std::vector<std::string> Fields;
  for (const LoadError &E : Errors)
    Fields.push_back(E.Field);
  EXPECT_EQ(Fields,
            (std::vector<std::string>{"/summary", "/analysis", "/records",
                                      "/profiles/0/types", "/profiles/0/close",
                                      "/profiles/0/use"}))
      << dump(Errors);
  EXPECT_EQ(Errors[0].Message, "missing required field 'summary'");
  for (const LoadError &E : Errors) {
    EXPECT_NE(E.Line, 0u);
    EXPECT_NE(E.Column, 0u);
  }
}

TEST(RuleTest, EmptyRequiredArrays) {
  Catalog C;
  std::vector<LoadError> Errors;
  std::string Text = ruleJson();
  Text.replace(Text.find("[\"rec1\"]"), 8, "[]");
  Text.replace(Text.find("[\"close\"]"), 9, "[]");
  EXPECT_FALSE(C.addRulesFromText("r.json", Text, Errors));
  ASSERT_EQ(Errors.size(), 2u) << dump(Errors);
  EXPECT_EQ(Errors[0].Message, "field 'records' must not be empty");
  EXPECT_EQ(Errors[1].Field, "/profiles/0/close");
}

TEST(RuleTest, ValidateReportsMissingRecord) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.addRulesFromText(
      "r.json", ruleJson("r1", "", ", \"records\": [\"rec2\"]"), Errors));
  ASSERT_TRUE(C.addRecordsFromText(
      "x.jsonl", "{\"id\": \"rec1\", \"errorMessage\": \"m\"}", true, Errors));
  EXPECT_FALSE(C.validate(Errors));
  ASSERT_EQ(Errors.size(), 1u) << dump(Errors);
  EXPECT_EQ(Errors[0].File, "r.json");
  EXPECT_EQ(Errors[0].Field, "/profiles/0/records/0");
  EXPECT_EQ(Errors[0].Message,
            "rule 'r1' (r.json:1) cites record 'rec2', which is not loaded");
}

TEST(RuleTest, ValidateReportsDuplicateIds) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.addRulesFromText("a.json", ruleJson("dup"), Errors));
  ASSERT_TRUE(C.addRulesFromText("b.json", "\n" + ruleJson("dup"), Errors));
  ASSERT_TRUE(C.addRecordsFromText(
      "x.json", "{\"id\": \"rec1\", \"errorMessage\": \"m\"}", false, Errors));
  EXPECT_FALSE(C.validate(Errors));
  ASSERT_EQ(Errors.size(), 1u) << dump(Errors);
  EXPECT_EQ(Errors[0].str(),
            "b.json:3:9: error: duplicate rule id 'dup': defined at a.json:1 "
            "and at b.json:2 (field '/id')");
}

//===----------------------------------------------------------------------===//
// Built-ins
//===----------------------------------------------------------------------===//

TEST(BuiltinTest, LoadAndValidateCleanly) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.loadBuiltins(Errors)) << dump(Errors);
  ASSERT_TRUE(C.validate(Errors)) << dump(Errors);
  const Rule *R = C.findRule("send-after-close");
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Analysis, AnalysisKind::UseAfterClose);
  EXPECT_EQ(R->Origin, "<builtin>/rules/send-after-close.json:1");
  ASSERT_GE(R->Profiles.size(), 2u);
  EXPECT_EQ(R->Profiles[0].Name, "streaming-channel");
  EXPECT_EQ(R->Profiles[1].Use, (std::vector<std::string>{"send", "flush"}));
  ASSERT_NE(C.findRecord("2b4805afaf74e9d2"), nullptr);
  EXPECT_EQ(C.findRecord("c7bc457763aafddb")->Origin,
            "<builtin>/rules/records/c7bc457763aafddb.json");
  // Every shipped analysis has a rule, and function specs load.
  const Rule *Twice = C.findRule("double-close");
  ASSERT_NE(Twice, nullptr);
  EXPECT_EQ(Twice->Analysis, AnalysisKind::DoubleClose);
  const Rule *Io = C.findRule("use-after-close");
  ASSERT_NE(Io, nullptr);
  EXPECT_EQ(Io->Profiles[0].CloseFunctions[0].Name, "fclose");
}

} // namespace

TEST(RuleTest, FunctionSpecsAndOperators) {
  Catalog C;
  std::vector<LoadError> Errors;
  const char *Text = R"({
    "id": "stdio", "summary": "s", "analysis": "use-after-close",
    "records": ["x"],
    "profiles": [{
      "name": "file", "types": ["FILE"],
      "close": [{"function": "fclose", "handle": 0}],
      "use": [{"function": "fwrite", "handle": 3}, "operator<<", "write"],
      "reopen": [{"function": "::freopen", "handle": 2}]
    }]
  })";
  ASSERT_TRUE(C.addRulesFromText("r.json", Text, Errors)) << dump(Errors);
  const Profile &P = C.rules()[0].Profiles[0];
  ASSERT_EQ(P.CloseFunctions.size(), 1u);
  EXPECT_EQ(P.CloseFunctions[0].Name, "fclose");
  EXPECT_EQ(P.CloseFunctions[0].Handle, 0u);
  ASSERT_EQ(P.UseFunctions.size(), 1u);
  EXPECT_EQ(P.UseFunctions[0].Handle, 3u);
  EXPECT_EQ(P.Use, (std::vector<std::string>{"operator<<", "write"}));
  EXPECT_EQ(P.ReopenFunctions[0].Name, "::freopen");
  EXPECT_TRUE(P.Close.empty());
}

TEST(RuleTest, BadFunctionSpec) {
  Catalog C;
  std::vector<LoadError> Errors;
  const char *Text = R"({
    "id": "stdio", "summary": "s", "analysis": "use-after-close",
    "records": ["x"],
    "profiles": [{
      "name": "file", "types": ["FILE"],
      "close": [{"function": "fclose", "handel": 0}],
      "use": [{"function": "f w", "handle": -1}, 7]
    }]
  })";
  EXPECT_FALSE(C.addRulesFromText("r.json", Text, Errors));
  std::vector<std::string> Fields;
  for (const LoadError &E : Errors)
    Fields.push_back(E.Field);
  EXPECT_EQ(Fields, (std::vector<std::string>{
                        "/profiles/0/close/0/handel", "/profiles/0/use/0/handle",
                        "/profiles/0/use/1"}))
      << dump(Errors);
  EXPECT_NE(Errors[0].Message.find("did you mean 'handle'?"), std::string::npos);
}

TEST(RuleTest, DoubleCloseNeedsNoUses) {
  Catalog C;
  std::vector<LoadError> Errors;
  const char *Text = R"({
    "id": "twice", "summary": "s", "analysis": "double-close",
    "records": ["x"],
    "profiles": [{"name": "fd", "types": ["int"],
                  "close": [{"function": "close", "handle": 0}]}]
  })";
  EXPECT_TRUE(C.addRulesFromText("r.json", Text, Errors)) << dump(Errors);
}

//===----------------------------------------------------------------------===//
// Profile files
//===----------------------------------------------------------------------===//

namespace {

const char QueueProfile[] = R"({
  "profile": {
    "name": "queue", "types": ["WorkQueue"], "close": ["close"],
    "use": ["push"], "records": ["q1"],
    "consequence": {"use-after-close": "pushed on a closed queue",
                    "double-close": "closed twice"}
  }
})";

std::string refRule(const std::string &Analysis, const std::string &Ref) {
  return R"({"id": "r", "summary": "s", "analysis": ")" + Analysis +
         R"(", "records": ["q1"], "profiles": [)" + Ref + "]}";
}

} // namespace

TEST(ProfileFileTest, BuiltinRulesCompileTheSharedProfilePerAnalysis) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.loadBuiltins(Errors)) << dump(Errors);
  const Profile &Use = C.findRule("use-after-close")->Profiles[0];
  const Profile &Double = C.findRule("double-close")->Profiles[0];
  EXPECT_EQ(Use.Name, "c-stdio");
  EXPECT_EQ(Double.Name, "c-stdio");
  EXPECT_EQ(Use.Library, "<builtin>/rules/profiles/c-stdio.json");
  EXPECT_FALSE(Use.UseFunctions.empty());
  EXPECT_TRUE(Double.UseFunctions.empty());
  EXPECT_EQ(Double.CloseFunctions.size(), 2u); // fclose, pclose
  EXPECT_EQ(Double.ReopenFunctions.size(), 1u);
  EXPECT_EQ(Use.Consequence.substr(0, 21),
            "Using a FILE* after f");
  EXPECT_EQ(Double.Consequence.substr(0, 21),
            "fclose() or pclose() ");
  EXPECT_NE(Catalog::builtinProfiles().count("thread-pools"), 0u);
}

TEST(ProfileFileTest, ReferenceTakesTheRulesOwnParts) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.addProfileFromText("queue.json", QueueProfile, Errors))
      << dump(Errors);
  ASSERT_TRUE(C.addRulesFromText(
      "r.json", refRule("double-close", R"({"use": "queue", "records": []})"),
      Errors))
      << dump(Errors);
  const Profile &P = C.rules()[0].Profiles[0];
  EXPECT_TRUE(P.Use.empty());
  EXPECT_EQ(P.Close, (std::vector<std::string>{"close"}));
  EXPECT_EQ(P.Consequence, "closed twice");
  EXPECT_TRUE(P.Records.empty());
  EXPECT_EQ(P.Library, "queue.json");
}

TEST(ProfileFileTest, UncitedRecordPointsIntoTheProfileFile) {
  Catalog C;
  std::vector<LoadError> Errors;
  ASSERT_TRUE(C.addProfileFromText("queue.json", QueueProfile, Errors));
  ASSERT_TRUE(C.addRulesFromText("r.json", refRule("use-after-close",
                                                   R"("queue")"),
                                 Errors))
      << dump(Errors);
  EXPECT_EQ(C.rules()[0].Profiles[0].Consequence, "pushed on a closed queue");
  EXPECT_FALSE(C.validate(Errors));
  ASSERT_EQ(Errors.size(), 2u) << dump(Errors); // the rule's and the profile's
  EXPECT_EQ(Errors[1].File, "queue.json");
  EXPECT_EQ(Errors[1].Field, "/profile/records/0");
}

TEST(ProfileFileTest, RuleParsedBeforeItsProfileIsRefused) {
  Catalog C;
  std::vector<LoadError> Errors;
  EXPECT_FALSE(
      C.addRulesFromText("r.json", refRule("use-after-close", "\"queue\""),
                         Errors));
  ASSERT_EQ(Errors.size(), 1u) << dump(Errors);
  EXPECT_EQ(Errors[0].Field, "/profiles/0");
  EXPECT_NE(Errors[0].Message.find("unknown profile 'queue'"),
            std::string::npos);
}
