//===- JsonPositions.cpp - JSON parsing that remembers positions ----------===//
//
// nlohmann::json's SAX interface reports values but not where they are. We
// feed the parser through an iterator that counts the bytes it consumes: when
// a SAX event arrives, the lexer has just read the value's token (plus one
// byte of lookahead after a number), so the token's start can be found by
// scanning back from that count.
//
//===----------------------------------------------------------------------===//

#include "JsonPositions.h"
#include <algorithm>

#include <cstddef>
#include <iterator>
#include <vector>

using nlohmann::json;

namespace errlint {

std::string escapePointerToken(const std::string &Token) {
  std::string Out;
  Out.reserve(Token.size());
  for (char C : Token) {
    if (C == '~')
      Out += "~0";
    else if (C == '/')
      Out += "~1";
    else
      Out += C;
  }
  return Out;
}

/// Drops the last reference token of a JSON pointer; "" stays "".
static std::string parentPointer(const std::string &Pointer) {
  size_t Slash = Pointer.rfind('/');
  return Slash == std::string::npos ? std::string() : Pointer.substr(0, Slash);
}

TextPosition JsonDoc::positionOf(const std::string &Pointer) const {
  std::string P = Pointer;
  while (true) {
    auto It = Positions.find(P);
    if (It != Positions.end())
      return It->second;
    if (P.empty())
      return {0, 0};
    P = parentPointer(P);
  }
}

TextPosition JsonDoc::keyPositionOf(const std::string &Pointer) const {
  auto It = KeyPositions.find(Pointer);
  return It != KeyPositions.end() ? It->second : positionOf(Pointer);
}

namespace {

/// A char iterator over a buffer that counts how many bytes were consumed.
class CountingIterator {
public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char *;
  using reference = const char &;

  CountingIterator(const char *P, size_t *Consumed)
      : P(P), Consumed(Consumed) {}

  reference operator*() const { return *P; }
  CountingIterator &operator++() {
    ++P;
    ++*Consumed;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator Old = *this;
    ++*this;
    return Old;
  }
  bool operator==(const CountingIterator &O) const { return P == O.P; }
  bool operator!=(const CountingIterator &O) const { return P != O.P; }

private:
  const char *P;
  size_t *Consumed;
};

/// Converts byte offsets to line:column, cheaply for increasing offsets.
class LineCounter {
public:
  explicit LineCounter(const std::string &Text) : Text(Text) {}

  TextPosition at(size_t Offset) {
    if (Offset < Pos)
      Pos = LineStart = 0, Line = 1;
    for (; Pos < Offset && Pos < Text.size(); ++Pos) {
      if (Text[Pos] == '\n') {
        ++Line;
        LineStart = Pos + 1;
      }
    }
    return {Line, static_cast<unsigned>(Offset - LineStart + 1)};
  }

private:
  const std::string &Text;
  size_t Pos = 0;
  size_t LineStart = 0;
  unsigned Line = 1;
};

bool isNumberChar(char C) {
  return (C >= '0' && C <= '9') || C == '-' || C == '+' || C == '.' ||
         C == 'e' || C == 'E';
}

/// Turns "[json.exception.parse_error.101] parse error at line 1, column 2:
/// syntax error ..." into "syntax error ...".
std::string cleanMessage(std::string Msg) {
  if (!Msg.empty() && Msg[0] == '[') {
    size_t Close = Msg.find("] ");
    if (Close != std::string::npos)
      Msg.erase(0, Close + 2);
  }
  if (Msg.rfind("parse error", 0) == 0) {
    size_t Colon = Msg.find(": ");
    if (Colon != std::string::npos)
      Msg.erase(0, Colon + 2);
  }
  return Msg;
}

/// The length in the text of the token nlohmann rejected, from its rendering
/// of what was read since the lexer last reset: a string is rendered from its
/// opening quote; anything else may be preceded by earlier text, whitespace
/// and control characters (shown as "<U+000A>"), so only its trailing run of
/// ordinary characters (or the final structural character) counts.
size_t tokenLength(const std::string &Rendered) {
  auto Visible = [](const std::string &S) {
    size_t Length = 0;
    for (size_t I = 0; I < S.size(); ++I, ++Length) {
      size_t Close = S.find('>', I);
      if (S.compare(I, 3, "<U+") == 0 && Close != std::string::npos)
        I = Close;
    }
    return Length;
  };
  if (Rendered.empty())
    return 1;
  const std::string_view Structural("{}[]:,");
  if (Structural.find(Rendered.back()) != std::string_view::npos)
    return 1;
  if (Rendered.front() == '"')
    return Visible(Rendered);
  size_t Begin = Rendered.size();
  while (Begin > 0) {
    char C = Rendered[Begin - 1];
    if (C == ' ' || C == '\t' || C == '>' ||
        Structural.find(C) != std::string_view::npos)
      break;
    --Begin;
  }
  return std::max<size_t>(Rendered.size() - Begin, 1);
}

/// A SAX handler that builds the DOM through nlohmann's own DOM builder and
/// records the position and JSON pointer of every value on the way.
class PositionRecorder {
public:
  using DomParser = nlohmann::detail::json_sax_dom_parser<json>;

  PositionRecorder(const std::string &Text, const size_t &Consumed,
                   JsonDoc &Doc)
      : Text(Text), Consumed(Consumed), Doc(Doc), Lines(Text),
        Dom(Doc.Value, /*allow_exceptions=*/false) {}

  bool null() { return scalar(Consumed - 4) && Dom.null(); }
  bool boolean(bool V) {
    return scalar(Consumed - (V ? 4 : 5)) && Dom.boolean(V);
  }
  bool number_integer(json::number_integer_t V) {
    return scalar(numberStart()) && Dom.number_integer(V);
  }
  bool number_unsigned(json::number_unsigned_t V) {
    return scalar(numberStart()) && Dom.number_unsigned(V);
  }
  bool number_float(json::number_float_t V, const json::string_t &S) {
    return scalar(numberStart()) && Dom.number_float(V, S);
  }
  bool string(json::string_t &V) {
    return scalar(stringStart()) && Dom.string(V);
  }
  bool binary(json::binary_t &V) { return Dom.binary(V); }

  bool start_object(size_t Len) {
    return startContainer(/*IsArray=*/false) && Dom.start_object(Len);
  }
  bool end_object() {
    endContainer();
    return Dom.end_object();
  }
  bool start_array(size_t Len) {
    return startContainer(/*IsArray=*/true) && Dom.start_array(Len);
  }
  bool end_array() {
    endContainer();
    return Dom.end_array();
  }

  bool key(json::string_t &K) {
    Frame &Top = Frames.back();
    Top.Key = escapePointerToken(K);
    Doc.KeyPositions[Path + "/" + Top.Key] = Lines.at(stringStart());
    return Dom.key(K);
  }

  template <class Exception>
  bool parse_error(size_t Position, const std::string &LastToken,
                   const Exception &E) {
    // Point at the start of the offending token, not past its end.
    size_t Back = std::max<size_t>(tokenLength(LastToken), 1);
    setError(Position >= Back ? Position - Back : 0, cleanMessage(E.what()));
    return false;
  }

  bool failed() const { return Failed; }
  TextPosition errorPosition() const { return ErrPos; }
  const std::string &errorMessage() const { return ErrMsg; }

  void setError(size_t Offset, std::string Msg) {
    Failed = true;
    ErrPos = Lines.at(Offset);
    ErrMsg = std::move(Msg);
  }

private:
  struct Frame {
    bool IsArray;
    size_t ParentPathSize; ///< Path.size() before entering this container.
    size_t NextIndex = 0;
    std::string Key; ///< The current member's key, already escaped.
  };

  /// The pointer of the value that is about to be added.
  std::string childPointer() {
    if (Frames.empty())
      return "";
    Frame &Top = Frames.back();
    if (Top.IsArray)
      return Path + "/" + std::to_string(Top.NextIndex++);
    return Path + "/" + Top.Key;
  }

  bool scalar(size_t Start) {
    Doc.Positions[childPointer()] = Lines.at(Start);
    return true;
  }

  bool startContainer(bool IsArray) {
    size_t Start = Consumed - 1;
    if (Frames.size() >= MaxJsonDepth) {
      setError(Start, "nesting is deeper than " + std::to_string(MaxJsonDepth) +
                          " levels");
      return false;
    }
    std::string Pointer = childPointer();
    Doc.Positions[Pointer] = Lines.at(Start);
    Frames.push_back({IsArray, Path.size(), 0, std::string()});
    Path = std::move(Pointer);
    return true;
  }

  void endContainer() {
    Path.resize(Frames.back().ParentPathSize);
    Frames.pop_back();
  }

  /// Start of the number just read; the lexer may have consumed one byte of
  /// lookahead past it.
  size_t numberStart() const {
    size_t I = Consumed;
    if (I > 0 && !isNumberChar(Text[I - 1]))
      --I;
    while (I > 0 && isNumberChar(Text[I - 1]))
      --I;
    return I;
  }

  /// Start of the string just read: the last quote not escaped by an odd
  /// number of backslashes before the closing one.
  size_t stringStart() const {
    if (Consumed < 2)
      return 0;
    for (size_t I = Consumed - 1; I-- > 0;) {
      if (Text[I] != '"')
        continue;
      size_t Slashes = 0;
      while (Slashes < I && Text[I - 1 - Slashes] == '\\')
        ++Slashes;
      if (Slashes % 2 == 0)
        return I;
    }
    return 0;
  }

  const std::string &Text;
  const size_t &Consumed;
  JsonDoc &Doc;
  LineCounter Lines;
  DomParser Dom;
  std::vector<Frame> Frames;
  std::string Path;
  bool Failed = false;
  TextPosition ErrPos{0, 0};
  std::string ErrMsg;
};

} // namespace

bool parseJsonWithPositions(const std::string &Text, JsonDoc &Out,
                            unsigned &ErrLine, unsigned &ErrCol,
                            std::string &ErrMsg) {
  Out = JsonDoc();
  size_t Consumed = 0;
  PositionRecorder Recorder(Text, Consumed, Out);
  try {
    CountingIterator First(Text.data(), &Consumed);
    CountingIterator Last(Text.data() + Text.size(), &Consumed);
    bool Ok = json::sax_parse(First, Last, &Recorder);
    if (Ok && !Recorder.failed())
      return true;
    if (!Recorder.failed())
      Recorder.setError(Consumed, "invalid JSON");
  } catch (const std::exception &E) {
    Recorder.setError(Consumed, cleanMessage(E.what()));
  } catch (...) {
    Recorder.setError(Consumed, "unexpected failure while parsing JSON");
  }
  ErrLine = Recorder.errorPosition().first;
  ErrCol = Recorder.errorPosition().second;
  ErrMsg = Recorder.errorMessage();
  Out = JsonDoc();
  return false;
}

} // namespace errlint
