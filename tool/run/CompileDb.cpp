//===- CompileDb.cpp - Checks a compile_commands.json --------------------===//

#include "CompileDb.h"
#include "JsonPositions.h"
#include <fstream>
#include <sstream>

namespace errlint {

namespace {

class DbChecker {
public:
  DbChecker(const std::string &Path, const JsonDoc &Doc,
            std::vector<LoadError> &Errors)
      : Path(Path), Doc(Doc), Errors(Errors) {}

  void check() {
    if (!Doc.Value.is_array()) {
      fail("", "a compilation database must be a JSON array of entries");
      return;
    }
    for (size_t I = 0; I < Doc.Value.size(); ++I)
      checkEntry(Doc.Value[I], "/" + std::to_string(I));
  }

private:
  void fail(const std::string &Pointer, const std::string &Message) {
    TextPosition Pos = Doc.positionOf(Pointer);
    Errors.push_back({Path, Pos.first, Pos.second, Pointer, Message});
  }

  void requireString(const nlohmann::json &Entry, const std::string &Pointer,
                     const char *Key) {
    if (!Entry.contains(Key))
      fail(Pointer, std::string("entry has no \"") + Key + "\"");
    else if (!Entry[Key].is_string())
      fail(Pointer + "/" + Key, std::string("\"") + Key +
                                    "\" must be a string");
  }

  void checkEntry(const nlohmann::json &Entry, const std::string &Pointer) {
    if (!Entry.is_object()) {
      fail(Pointer, "each entry must be an object");
      return;
    }
    requireString(Entry, Pointer, "directory");
    requireString(Entry, Pointer, "file");
    if (Entry.contains("output") && !Entry["output"].is_string())
      fail(Pointer + "/output", "\"output\" must be a string");
    bool HasCommand = Entry.contains("command");
    bool HasArguments = Entry.contains("arguments");
    if (!HasCommand && !HasArguments) {
      fail(Pointer, "entry has neither \"command\" nor \"arguments\"");
      return;
    }
    if (HasCommand && !Entry["command"].is_string())
      fail(Pointer + "/command", "\"command\" must be a string");
    if (!HasArguments)
      return;
    const nlohmann::json &Args = Entry["arguments"];
    if (!Args.is_array() || Args.empty()) {
      fail(Pointer + "/arguments",
           "\"arguments\" must be a non-empty array of strings");
      return;
    }
    for (size_t I = 0; I < Args.size(); ++I)
      if (!Args[I].is_string())
        fail(Pointer + "/arguments/" + std::to_string(I),
             "each argument must be a string");
  }

  const std::string &Path;
  const JsonDoc &Doc;
  std::vector<LoadError> &Errors;
};

} // namespace

bool validateCompileDatabase(const std::string &Path,
                             std::vector<LoadError> &Errors) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Errors.push_back({Path, 0, 0, "", "cannot read the compilation database"});
    return false;
  }
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  JsonDoc Doc;
  unsigned Line = 0, Col = 0;
  std::string Message;
  if (!parseJsonWithPositions(Buffer.str(), Doc, Line, Col, Message)) {
    Errors.push_back({Path, Line, Col, "", Message});
    return false;
  }
  size_t Before = Errors.size();
  DbChecker(Path, Doc, Errors).check();
  return Errors.size() == Before;
}

} // namespace errlint
