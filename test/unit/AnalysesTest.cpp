//===- AnalysesTest.cpp - The registry of analyses ------------------------===//
#include "Analyses.h"
#include "Finding.h"
#include <gtest/gtest.h>
#include <set>

using namespace errlint;

namespace {

TEST(AnalysesTest, EachKindHasItsOwnRowAndName) {
  std::set<std::string> Names;
  for (const AnalysisInfo &A : analyses()) {
    EXPECT_EQ(&analysisInfo(A.Kind), &A);
    EXPECT_TRUE(Names.insert(A.Name.str()).second) << A.Name.str();
    EXPECT_FALSE(A.FindingLabel.empty()) << A.Name.str();
  }
  EXPECT_EQ(Names.size(), 5u);
}

TEST(AnalysesTest, RuleFilesNameTheirAnalysis) {
  EXPECT_EQ(analysisNamed("use-after-close"), AnalysisKind::UseAfterClose);
  EXPECT_EQ(analysisNamed("double-close"), AnalysisKind::DoubleClose);
  EXPECT_EQ(analysisNamed("close-while-in-use"),
            AnalysisKind::CloseWhileInUse);
  EXPECT_EQ(analysisNamed("ast-matcher"), AnalysisKind::AstMatcher);
  EXPECT_EQ(analysisNamed("use_after_close"), std::nullopt);
  EXPECT_EQ(analysisNamed(""), std::nullopt);
  // errlint's own NOLINT pairing check is an analysis no rule file names.
  EXPECT_EQ(analysisNamed("nolint"), std::nullopt);
  EXPECT_EQ(analysisName(AnalysisKind::Nolint), "nolint");
}

TEST(AnalysesTest, WhatProfilesMustSay) {
  const AnalysisInfo &Use = analysisInfo(AnalysisKind::UseAfterClose);
  EXPECT_TRUE(Use.Typestate && Use.NeedsUse && !Use.NeedsSubmit);
  const AnalysisInfo &Twice = analysisInfo(AnalysisKind::DoubleClose);
  EXPECT_TRUE(Twice.Typestate && !Twice.NeedsUse);
  const AnalysisInfo &Race = analysisInfo(AnalysisKind::CloseWhileInUse);
  EXPECT_TRUE(Race.Typestate && Race.NeedsSubmit && !Race.NeedsUse);
  EXPECT_FALSE(analysisInfo(AnalysisKind::AstMatcher).Typestate);
}

TEST(AnalysesTest, TheReportAndTheDocsSayWhatEachFinds) {
  EXPECT_EQ(analysisInfo(AnalysisKind::DoubleClose).FindingLabel,
            "closed again");
  EXPECT_NE(analysisInfo(AnalysisKind::UseAfterClose)
                .Explanation.find("use-after-close"),
            llvm::StringRef::npos);
  EXPECT_TRUE(analysisInfo(AnalysisKind::AstMatcher).Explanation.empty());
}

TEST(FindingKindsTest, SeveritiesAreSpelledOneWay) {
  for (SeverityLevel S : {SeverityLevel::Warning, SeverityLevel::Error})
    EXPECT_EQ(parseSeverity(severityName(S)), S);
  EXPECT_STREQ(severityName(SeverityLevel::Error), "error");
  EXPECT_EQ(parseSeverity("Error"), std::nullopt);
  EXPECT_EQ(parseSeverity("note"), std::nullopt);
}

TEST(FindingKindsTest, NoteKindsAreSpelledAsTheReportsWriteThem) {
  std::set<std::string> Names;
  for (NoteKind K : {NoteKind::Close, NoteKind::CalleeUse, NoteKind::ThreadStart,
                     NoteKind::ThreadUse, NoteKind::ThrowSite,
                     NoteKind::Protocol}) {
    EXPECT_EQ(parseNoteKind(noteKindName(K)), K);
    EXPECT_TRUE(Names.insert(noteKindName(K)).second) << noteKindName(K);
  }
  // The HTML page's script labels notes by these words.
  EXPECT_EQ(Names, (std::set<std::string>{"close", "callee-use", "thread-start",
                                          "thread-use", "throw-site",
                                          "protocol"}));
  EXPECT_EQ(parseNoteKind("finding"), std::nullopt);
}

} // namespace
