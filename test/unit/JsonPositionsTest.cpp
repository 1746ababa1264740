//===- JsonPositionsTest.cpp - Tests of position-recording JSON parsing ---===//

#include "JsonPositions.h"

#include <gtest/gtest.h>

using namespace errlint;

namespace {

JsonDoc parseOk(const std::string &Text) {
  JsonDoc Doc;
  unsigned Line = 0, Col = 0;
  std::string Msg;
  EXPECT_TRUE(parseJsonWithPositions(Text, Doc, Line, Col, Msg)) << Msg;
  return Doc;
}

TEST(JsonPositionsTest, RecordsValuePositions) {
  JsonDoc Doc = parseOk("{\n"
                        "  \"a\": 1,\n"
                        "  \"b\": [true, null, \"x\\\"y\", -2.5e3],\n"
                        "  \"c/d\": {\"e\": false}\n"
                        "}");
  EXPECT_EQ(Doc.Value["b"][2], "x\"y");
  EXPECT_EQ(Doc.positionOf(""), TextPosition(1, 1));
  EXPECT_EQ(Doc.positionOf("/a"), TextPosition(2, 8));
  EXPECT_EQ(Doc.keyPositionOf("/a"), TextPosition(2, 3));
  EXPECT_EQ(Doc.positionOf("/b"), TextPosition(3, 8));
  EXPECT_EQ(Doc.positionOf("/b/0"), TextPosition(3, 9));
  EXPECT_EQ(Doc.positionOf("/b/1"), TextPosition(3, 15));
  EXPECT_EQ(Doc.positionOf("/b/2"), TextPosition(3, 21));
  EXPECT_EQ(Doc.positionOf("/b/3"), TextPosition(3, 29));
  EXPECT_EQ(Doc.positionOf("/c~1d"), TextPosition(4, 10));
  EXPECT_EQ(Doc.positionOf("/c~1d/e"), TextPosition(4, 16));
}

TEST(JsonPositionsTest, MissingPointerFallsBackToParent) {
  JsonDoc Doc = parseOk("[0, {\"k\": 1}]");
  EXPECT_EQ(Doc.positionOf("/1/missing/deeper"), TextPosition(1, 5));
  EXPECT_EQ(Doc.positionOf("/7"), TextPosition(1, 1));
  EXPECT_EQ(Doc.keyPositionOf("/1/missing"), TextPosition(1, 5));
}

TEST(JsonPositionsTest, TopLevelScalars) {
  EXPECT_EQ(parseOk("  42").positionOf(""), TextPosition(1, 3));
  EXPECT_EQ(parseOk("\n\"s\"").positionOf(""), TextPosition(2, 1));
}

TEST(JsonPositionsTest, SyntaxErrorPositionAndMessage) {
  JsonDoc Doc;
  unsigned Line = 0, Col = 0;
  std::string Msg;
  EXPECT_FALSE(
      parseJsonWithPositions("{\n  \"a\": 1,\n  b: 2\n}", Doc, Line, Col, Msg));
  EXPECT_EQ(Line, 3u);
  EXPECT_EQ(Col, 3u);
  EXPECT_EQ(Msg.find("[json.exception"), std::string::npos) << Msg;
  EXPECT_EQ(Msg.find("parse error"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("syntax error while parsing object key"),
            std::string::npos)
      << Msg;
  EXPECT_TRUE(Doc.Value.is_null());
}

TEST(JsonPositionsTest, TrailingGarbageAndEmptyInput) {
  JsonDoc Doc;
  unsigned Line = 0, Col = 0;
  std::string Msg;
  EXPECT_FALSE(parseJsonWithPositions("{} x", Doc, Line, Col, Msg));
  EXPECT_EQ(Line, 1u);
  EXPECT_EQ(Col, 4u);
  EXPECT_FALSE(parseJsonWithPositions("", Doc, Line, Col, Msg));
  EXPECT_NE(Msg.find("unexpected end of input"), std::string::npos) << Msg;
}

TEST(JsonPositionsTest, NumberOverflowIsAnError) {
  JsonDoc Doc;
  unsigned Line = 0, Col = 0;
  std::string Msg;
  EXPECT_FALSE(parseJsonWithPositions("[1e99999]", Doc, Line, Col, Msg));
  EXPECT_NE(Msg.find("number overflow"), std::string::npos) << Msg;
}

TEST(JsonPositionsTest, DeepNestingIsRejected) {
  JsonDoc Doc;
  unsigned Line = 0, Col = 0;
  std::string Msg;
  std::string Deep(100000, '[');
  EXPECT_FALSE(parseJsonWithPositions(Deep, Doc, Line, Col, Msg));
  EXPECT_NE(Msg.find("nesting is deeper than 512"), std::string::npos) << Msg;
  EXPECT_EQ(Line, 1u);
  EXPECT_EQ(Col, MaxJsonDepth + 1);

  std::string Ok =
      std::string(MaxJsonDepth, '[') + std::string(MaxJsonDepth, ']');
  EXPECT_TRUE(parseJsonWithPositions(Ok, Doc, Line, Col, Msg)) << Msg;
}

TEST(JsonPositionsTest, EscapesPointerTokens) {
  EXPECT_EQ(escapePointerToken("a/b~c"), "a~1b~0c");
}

} // namespace
