//===- JsonReader.cpp - Typed, positioned reading of JSON data -----------===//

#include "JsonReader.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <climits>

using nlohmann::json;

namespace errlint {

LoadError Diagnoser::make(const std::string &Pointer, TextPosition Pos) const {
  LoadError E;
  E.File = File;
  if (Pos.first != 0) {
    E.Line = FirstLine + Pos.first - 1;
    E.Column = Pos.second;
  }
  E.Field = Pointer;
  return E;
}

void Diagnoser::report(LoadError E, std::string Message) {
  E.Message = std::move(Message);
  Errors.push_back(std::move(E));
  ++Count;
}

std::string expected(const char *What, const json &Found) {
  return std::string("expected ") + What + ", found " + Found.type_name();
}

std::string child(const std::string &Pointer, const std::string &Key) {
  return Pointer + "/" + escapePointerToken(Key);
}

std::string child(const std::string &Pointer, size_t Index) {
  return Pointer + "/" + std::to_string(Index);
}

bool ObjectReader::optString(const std::string &Key, std::string &Out) {
  const json *V = get(Key);
  if (!V)
    return true;
  if (!V->is_string()) {
    Diag.error(ptr(Key), expected("a string", *V));
    return false;
  }
  Out = V->get<std::string>();
  return true;
}

bool ObjectReader::optText(const std::string &Key, std::string &Out) {
  const json *V = get(Key);
  if (!V || V->is_string())
    return optString(Key, Out);
  std::vector<std::string> Lines;
  if (!V->is_array()) {
    Diag.error(ptr(Key), expected("a string or an array of lines", *V));
    return false;
  }
  if (!optStringList(Key, Lines))
    return false;
  Out = llvm::join(Lines, "\n");
  return true;
}

bool ObjectReader::reqString(const std::string &Key, std::string &Out) {
  if (!get(Key)) {
    missing(Key);
    return false;
  }
  if (!optString(Key, Out))
    return false;
  if (Out.empty()) {
    Diag.error(ptr(Key), "field '" + Key + "' must not be empty");
    return false;
  }
  return true;
}

bool ObjectReader::optStringList(const std::string &Key,
                                 std::vector<std::string> &Out) {
  const json *V = get(Key);
  if (!V)
    return true;
  if (!V->is_array()) {
    Diag.error(ptr(Key), expected("an array of strings", *V));
    return false;
  }
  bool Ok = true;
  for (size_t I = 0; I < V->size(); ++I) {
    const json &E = (*V)[I];
    if (E.is_string()) {
      Out.push_back(E.get<std::string>());
      continue;
    }
    Diag.error(child(ptr(Key), I), expected("a string", E));
    Ok = false;
  }
  return Ok;
}

bool ObjectReader::reqStringList(const std::string &Key,
                                 std::vector<std::string> &Out) {
  const json *V = get(Key);
  if (!V) {
    missing(Key);
    return false;
  }
  if (!optStringList(Key, Out))
    return false;
  if (V->empty()) {
    Diag.error(ptr(Key), "field '" + Key + "' must not be empty");
    return false;
  }
  return true;
}

bool ObjectReader::optUnsigned(const std::string &Key, unsigned &Out) {
  const json *V = get(Key);
  if (!V)
    return true;
  if (!V->is_number_unsigned() || V->get<unsigned long long>() > UINT_MAX) {
    std::string Found = V->is_number() ? V->dump() : V->type_name();
    Diag.error(ptr(Key), "expected a non-negative integer, found " + Found);
    return false;
  }
  Out = V->get<unsigned>();
  return true;
}

bool ObjectReader::optBool(const std::string &Key, bool &Out) {
  const json *V = get(Key);
  if (!V)
    return true;
  if (!V->is_boolean()) {
    Diag.error(ptr(Key), expected("true or false", *V));
    return false;
  }
  Out = V->get<bool>();
  return true;
}

/// "; did you mean 'close'?" when a known key is within edit distance 2.
static std::string suggestion(llvm::StringRef Key,
                              llvm::ArrayRef<const char *> Known) {
  const unsigned MaxDistance = 2;
  llvm::StringRef Best;
  unsigned BestDistance = MaxDistance + 1;
  for (llvm::StringRef K : Known) {
    unsigned D = Key.edit_distance(K, /*AllowReplacements=*/true,
                                   /*MaxEditDistance=*/MaxDistance);
    if (D < BestDistance && D < std::max(Key.size(), K.size())) {
      Best = K;
      BestDistance = D;
    }
  }
  if (Best.empty())
    return "";
  return "; did you mean '" + Best.str() + "'?";
}

bool ObjectReader::rejectUnknownKeys(llvm::ArrayRef<const char *> Known) {
  bool Ok = true;
  for (auto It = Obj.begin(); It != Obj.end(); ++It) {
    const std::string &Key = It.key();
    if (std::find(Known.begin(), Known.end(), llvm::StringRef(Key)) !=
        Known.end())
      continue;
    Diag.keyError(ptr(Key),
                  "unknown field '" + Key + "'" + suggestion(Key, Known));
    Ok = false;
  }
  return Ok;
}

LoadError fileError(const std::string &Path, const std::string &Message) {
  LoadError E;
  E.File = Path;
  E.Message = Message;
  return E;
}

bool readFile(const std::string &Path, std::string &Text,
              std::vector<LoadError> &Errors) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Buf) {
    Errors.push_back(
        fileError(Path, "cannot read file: " + Buf.getError().message()));
    return false;
  }
  Text = (*Buf)->getBuffer().str();
  return true;
}

bool parseDocument(const std::string &File, const std::string &Text,
                   unsigned FirstLine, JsonDoc &Doc,
                   std::vector<LoadError> &Errors) {
  unsigned Line = 0, Col = 0;
  std::string Msg;
  if (parseJsonWithPositions(Text, Doc, Line, Col, Msg))
    return true;
  LoadError E;
  E.File = File;
  E.Line = Line == 0 ? 0 : FirstLine + Line - 1;
  E.Column = Col;
  E.Message = Msg;
  Errors.push_back(std::move(E));
  return false;
}

} // namespace errlint
