//===- DocsGenTest.cpp - Tests of the rule reference generator -----------===//

#include "DocsGen.h"

#include <gtest/gtest.h>

using namespace errlint;

namespace {

const char RuleText[] = R"({
  "id": "q-after-close", "summary": "s", "analysis": "use-after-close",
  "records": ["r1"],
  "profiles": [{"name": "q", "types": ["Q"], "close": ["close"], "use": ["push"]}],
  "examples": {
    "prelude": ["struct Q { void close(); void push(); };"],
    "flagged": [{"title": "one\ntwo", "code": "void f(Q &q) { q.close(); q.push(); } // flagged"}],
    "notFlagged": [{"title": "safe", "code": "void g(Q &q) { q.push(); q.close(); }"}]
  }
})";

class DocsGenTest : public testing::Test {
protected:
  void SetUp() override {
    std::vector<LoadError> Errors;
    Cat.addRecordsFromText("r.json", R"({"id": "r1", "errorMessage": "m"})",
                           false, Errors);
    Cat.addRulesFromText("rule.json", RuleText, Errors);
    ASSERT_TRUE(Errors.empty()) << Errors.front().str();
  }
  Catalog Cat;
};

TEST_F(DocsGenTest, ExampleSourceIsPreludeThenCode) {
  const Rule &R = Cat.rules().front();
  ASSERT_EQ(R.Examples.size(), 2u);
  EXPECT_TRUE(R.Examples[0].Flagged);
  EXPECT_FALSE(R.Examples[1].Flagged);
  // A title on several lines stays one comment line.
  EXPECT_EQ(exampleSource(R, R.Examples[0]),
            "// Example of rule errlint-q-after-close (flagged): one\n"
            "struct Q { void close(); void push(); };\n\n"
            "void f(Q &q) { q.close(); q.push(); } // flagged\n");
}

TEST_F(DocsGenTest, PageHasEverySection) {
  std::string Page = ruleReferencePage(Cat, Cat.rules().front());
  for (const char *Section :
       {"# errlint-q-after-close", "## What it flags", "## Examples",
        "### Flagged: one", "### Not flagged: safe", "## Profiles",
        "### `q`", "## Records", "### Record r1", "At run time: `m`"})
    EXPECT_NE(Page.find(Section), std::string::npos) << Section;
}

TEST_F(DocsGenTest, RuleWithoutExamplesHasNoExamplesSection) {
  Catalog Plain;
  std::vector<LoadError> Errors;
  Plain.addRulesFromText(
      "p.json",
      R"({"id": "p", "summary": "s", "analysis": "use-after-close",
          "records": ["r1"], "profiles": [{"name": "q", "types": ["Q"],
          "close": ["close"], "use": ["push"]}]})",
      Errors);
  ASSERT_TRUE(Errors.empty());
  std::string Page = ruleReferencePage(Plain, Plain.rules().front());
  EXPECT_EQ(Page.find("## Examples"), std::string::npos);
  // The record is not loaded: the page still lists the rule's citation.
  EXPECT_NE(Page.find("[r1](#record-r1)"), std::string::npos);
}

TEST_F(DocsGenTest, IndexListsRulesSortedById) {
  std::vector<LoadError> Errors;
  Cat.addRulesFromText(
      "a.json",
      R"({"id": "a-first", "summary": "first", "analysis": "use-after-close",
          "records": ["r1"], "profiles": [{"name": "q", "types": ["Q"],
          "close": ["close"], "use": ["push"]}]})",
      Errors);
  std::string Index = ruleIndexPage(Cat);
  size_t A = Index.find("[errlint-a-first](a-first.md)");
  size_t Q = Index.find("[errlint-q-after-close](q-after-close.md)");
  ASSERT_NE(A, std::string::npos);
  ASSERT_NE(Q, std::string::npos);
  EXPECT_LT(A, Q);
}

} // namespace
