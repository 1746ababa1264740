//===- JsonPositions.h - JSON parsing that remembers positions -*- C++ -*-===//
//
// Parses JSON text into an nlohmann::json value and records where in the
// text every value (and every object key) starts, keyed by JSON pointer, so
// that data-file errors can be reported as "file:line:col".
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_JSONPOSITIONS_H
#define ERRLINT_JSONPOSITIONS_H

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <utility>

namespace errlint {

/// A 1-based (line, column) pair; columns count bytes. (0, 0) is unknown.
using TextPosition = std::pair<unsigned, unsigned>;

/// The deepest nesting of arrays and objects the parser accepts.
constexpr unsigned MaxJsonDepth = 512;

/// A parsed JSON document together with the positions of its values.
struct JsonDoc {
  nlohmann::json Value;
  /// Start of each value, keyed by JSON pointer ("" is the root).
  std::map<std::string, TextPosition> Positions;
  /// Start of the key of each object member, keyed by the member's pointer.
  std::map<std::string, TextPosition> KeyPositions;

  /// The position of the value at Pointer, or of its nearest ancestor that
  /// exists when it does not (e.g. for a missing field, its object).
  TextPosition positionOf(const std::string &Pointer) const;

  /// The position of the key of the member at Pointer; falls back to
  /// positionOf(Pointer) when Pointer does not name an object member.
  TextPosition keyPositionOf(const std::string &Pointer) const;
};

/// Parses Text into Out. On failure returns false and sets ErrLine, ErrCol
/// (1-based) and ErrMsg; never throws.
bool parseJsonWithPositions(const std::string &Text, JsonDoc &Out,
                            unsigned &ErrLine, unsigned &ErrCol,
                            std::string &ErrMsg);

/// Escapes one reference token of a JSON pointer ("~" -> "~0", "/" -> "~1").
std::string escapePointerToken(const std::string &Token);

} // namespace errlint

#endif
