//===- Schedule.cpp - Which units to analyze first ------------------------===//

#include "Schedule.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <functional>

using namespace llvm;

namespace errlint {

namespace {

/// Headers larger than this are generated or amalgamated: not read.
constexpr uint64_t MaxHeaderBytes = 8 << 20;

/// The name in `#include "name"`, or empty for any other line.
StringRef quotedInclude(StringRef Line) {
  Line = Line.ltrim();
  if (!Line.consume_front("#"))
    return "";
  Line = Line.ltrim();
  if (!Line.consume_front("include") && !Line.consume_front("import"))
    return "";
  Line = Line.ltrim();
  if (!Line.consume_front("\""))
    return "";
  size_t End = Line.find('"');
  return End == StringRef::npos ? "" : Line.take_front(End);
}

/// Path made absolute and without "." or ".." parts.
std::string normalized(StringRef Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

} // namespace

const std::vector<std::string> &IncludeScanner::includesIn(const std::string &File) {
  auto [It, New] = Written.try_emplace(File);
  if (!New)
    return It->second;
  sys::fs::file_status St;
  if (sys::fs::status(File, St) || St.getSize() > MaxHeaderBytes)
    return It->second;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(File);
  if (!Buf)
    return It->second;
  SmallVector<StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines)
    if (StringRef Name = quotedInclude(L); !Name.empty())
      It->second.push_back(Name.str());
  return It->second;
}

std::set<std::string>
IncludeScanner::headerStems(const std::string &File,
                            const std::vector<std::string> &IncludeDirs) {
  std::set<std::string> Stems, Seen{normalized(File)};
  std::vector<std::string> Todo{*Seen.begin()};
  while (!Todo.empty()) {
    std::string Current = std::move(Todo.back());
    Todo.pop_back();
    StringRef Dir = sys::path::parent_path(Current);
    for (const std::string &Name : includesIn(Current)) {
      // As the preprocessor looks: beside the includer, then -iquote/-I.
      std::vector<std::string> Candidates{(Dir + "/" + Name).str()};
      for (const std::string &D : IncludeDirs)
        Candidates.push_back(D + "/" + Name);
      for (const std::string &C : Candidates) {
        if (!sys::fs::is_regular_file(C))
          continue;
        std::string Found = normalized(C);
        Stems.insert(unitStem(Found));
        if (Seen.insert(Found).second)
          Todo.push_back(Found);
        break;
      }
    }
  }
  return Stems;
}

std::vector<std::string> quotedIncludeDirs(const std::vector<std::string> &Args,
                                           const std::string &Directory) {
  std::vector<std::string> Dirs;
  auto add = [&](StringRef D) {
    if (D.empty())
      return;
    SmallString<256> P(D);
    if (!sys::path::is_absolute(P)) {
      P = Directory;
      sys::path::append(P, D);
    }
    Dirs.push_back(normalized(P));
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    for (StringRef Flag : {"-iquote", "-I"}) {
      if (!A.starts_with(Flag))
        continue;
      if (A == Flag && I + 1 < Args.size())
        add(Args[++I]);
      else
        add(A.drop_front(Flag.size()));
      break;
    }
  }
  return Dirs;
}

std::string unitStem(const std::string &Path) {
  return sys::path::stem(Path).str();
}

Schedule definersFirst(const std::vector<std::string> &Files,
                       const std::vector<size_t> &ToAnalyze,
                       const std::vector<std::set<std::string>> &HeaderStems,
                       const std::vector<uint64_t> &Sizes, bool LargestFirst) {
  Schedule S;
  S.Definers.resize(Files.size());
  S.Level.assign(Files.size(), 0);
  std::map<std::string, std::vector<size_t>> ByStem;
  for (size_t I : ToAnalyze)
    ByStem[unitStem(Files[I])].push_back(I);
  for (size_t I : ToAnalyze)
    for (const std::string &Stem : HeaderStems[I])
      if (auto It = ByStem.find(Stem); It != ByStem.end())
        for (size_t D : It->second)
          if (D != I)
            S.Definers[I].push_back(D);

  // Levels by depth-first search; an edge back into the search's own path
  // (a cycle: a.cpp and b.cpp use each other's classes) is dropped.
  enum Mark : uint8_t { Unseen, Open, Closed };
  std::vector<Mark> Marks(Files.size(), Unseen);
  std::function<void(size_t)> Visit = [&](size_t I) {
    Marks[I] = Open;
    std::vector<size_t> Kept;
    for (size_t D : S.Definers[I]) {
      if (Marks[D] == Unseen)
        Visit(D);
      if (Marks[D] == Open)
        continue;
      Kept.push_back(D);
      S.Level[I] = std::max(S.Level[I], S.Level[D] + 1);
    }
    S.Definers[I] = std::move(Kept);
    Marks[I] = Closed;
  };
  for (size_t I : ToAnalyze)
    if (Marks[I] == Unseen)
      Visit(I);

  S.Order = ToAnalyze;
  std::stable_sort(S.Order.begin(), S.Order.end(), [&](size_t A, size_t B) {
    if (S.Level[A] != S.Level[B])
      return S.Level[A] < S.Level[B];
    return LargestFirst && Sizes[A] > Sizes[B];
  });
  return S;
}

} // namespace errlint
