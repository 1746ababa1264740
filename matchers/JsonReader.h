//===- JsonReader.h - Typed, positioned reading of JSON data ---*- C++ -*-===//
//
// Helpers shared by errlint's data-file loaders (rules, records, config
// files, baselines): errors are reported against the file and position of
// the offending value, and typed members are read with clear messages.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_JSONREADER_H
#define ERRLINT_JSONREADER_H

#include "Catalog.h"
#include "JsonPositions.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace errlint {

/// Reports errors in one parsed document, translating JSON pointers to
/// positions in the file the document came from.
class Diagnoser {
public:
  /// FirstLine is the file line the document's text starts on (JSON Lines).
  Diagnoser(const std::string &File, const JsonDoc &Doc, unsigned FirstLine,
            std::vector<LoadError> &Errors)
      : File(File), Doc(Doc), FirstLine(FirstLine), Errors(Errors) {}

  /// A LoadError without message for the value at Pointer.
  LoadError site(const std::string &Pointer) const {
    return make(Pointer, Doc.positionOf(Pointer));
  }

  /// A LoadError without message for the key of the member at Pointer.
  LoadError keySite(const std::string &Pointer) const {
    return make(Pointer, Doc.keyPositionOf(Pointer));
  }

  /// Reports an error about the value at Pointer.
  void error(const std::string &Pointer, std::string Message) {
    report(make(Pointer, Doc.positionOf(Pointer)), std::move(Message));
  }

  /// Reports an error about the key of the object member at Pointer.
  void keyError(const std::string &Pointer, std::string Message) {
    report(make(Pointer, Doc.keyPositionOf(Pointer)), std::move(Message));
  }

  /// The number of errors reported so far.
  unsigned count() const { return Count; }

  /// "file" or "file:LINE" for the value at Pointer.
  std::string origin(const std::string &Pointer, bool WithLine) const {
    if (!WithLine)
      return File;
    return File + ":" + std::to_string(site(Pointer).Line);
  }

private:
  LoadError make(const std::string &Pointer, TextPosition Pos) const;
  void report(LoadError E, std::string Message);

  const std::string &File;
  const JsonDoc &Doc;
  unsigned FirstLine;
  std::vector<LoadError> &Errors;
  unsigned Count = 0;
};

/// "expected a string, found number".
std::string expected(const char *What, const nlohmann::json &Found);

/// The JSON pointer of member Key, or element Index, of the value at Pointer.
std::string child(const std::string &Pointer, const std::string &Key);
std::string child(const std::string &Pointer, size_t Index);

/// Reads typed members of one JSON object, reporting type errors at the
/// member's pointer. Absent and null members read as empty.
class ObjectReader {
public:
  ObjectReader(Diagnoser &Diag, const nlohmann::json &Obj, std::string Pointer)
      : Diag(Diag), Obj(Obj), Pointer(std::move(Pointer)) {}

  const std::string &pointer() const { return Pointer; }
  std::string ptr(const std::string &Key) const { return child(Pointer, Key); }

  /// The member Key, or nullptr when it is absent or null.
  const nlohmann::json *get(const std::string &Key) const {
    auto It = Obj.find(Key);
    if (It == Obj.end() || It->is_null())
      return nullptr;
    return &*It;
  }

  bool optString(const std::string &Key, std::string &Out);
  /// Text given as a string or as an array of lines (joined with "\n"), so
  /// that code reads naturally in JSON.
  bool optText(const std::string &Key, std::string &Out);
  /// A string that must be present and non-empty.
  bool reqString(const std::string &Key, std::string &Out);
  bool optStringList(const std::string &Key, std::vector<std::string> &Out);
  /// An array of strings that must be present and non-empty.
  bool reqStringList(const std::string &Key, std::vector<std::string> &Out);
  bool optUnsigned(const std::string &Key, unsigned &Out);
  bool optBool(const std::string &Key, bool &Out);

  void missing(const std::string &Key) {
    Diag.error(ptr(Key), "missing required field '" + Key + "'");
  }

  /// Reports every key not in Known, suggesting a close known key.
  bool rejectUnknownKeys(llvm::ArrayRef<const char *> Known);

private:
  Diagnoser &Diag;
  const nlohmann::json &Obj;
  std::string Pointer;
};

/// A LoadError about a whole file (no position).
LoadError fileError(const std::string &Path, const std::string &Message);

/// Reads the file at Path into Text, reporting failure as a LoadError.
bool readFile(const std::string &Path, std::string &Text,
              std::vector<LoadError> &Errors);

/// Parses Text, reporting a syntax error as a LoadError. FirstLine is the
/// file line the text starts on.
bool parseDocument(const std::string &File, const std::string &Text,
                   unsigned FirstLine, JsonDoc &Doc,
                   std::vector<LoadError> &Errors);

} // namespace errlint

#endif
