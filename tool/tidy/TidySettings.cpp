//===- TidySettings.cpp - errlint's options inside clang-tidy -------------===//

#include "TidySettings.h"
#include "MatcherRules.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>

using clang::tidy::ClangTidyOptions;
using llvm::StringRef;

namespace errlint {
namespace tidy {

llvm::ArrayRef<StringRef> optionNames() {
  static const StringRef Names[] = {"Cite", "ExtraRules", "ExtraRecords"};
  return Names;
}

bool parseCite(StringRef Value, CiteLevel &Out) {
  std::optional<CiteLevel> Level =
      llvm::StringSwitch<std::optional<CiteLevel>>(Value.trim())
          .Case("full", CiteLevel::Full)
          .Case("tips", CiteLevel::Tips)
          .Case("none", CiteLevel::None)
          .Default(std::nullopt);
  if (!Level)
    return false;
  Out = *Level;
  return true;
}

namespace {

/// One option that applies, e.g. {"errlint.Cite", "errlint", "tips", true}.
struct AppliedOption {
  std::string Key;
  std::string Check; ///< "errlint" for a shared option.
  std::string Value;
  bool Shared;
};

/// The options named \p Name that apply: the shared one first, then those
/// set under the name of an enabled errlint check, in name order.
std::vector<AppliedOption>
applicable(const ClangTidyOptions::OptionMap &Options, StringRef Name,
           llvm::function_ref<bool(StringRef)> IsEnabled) {
  std::vector<AppliedOption> Out;
  for (const auto &KV : Options) {
    auto [Check, Local] = KV.getKey().split('.');
    if (Local != Name)
      continue;
    bool Shared = Check == SharedCheck;
    if (!Shared && !(Check.starts_with(CheckPrefix) && IsEnabled(Check)))
      continue;
    Out.push_back({KV.getKey().str(), Check.str(), KV.getValue().Value, Shared});
  }
  llvm::sort(Out, [](const AppliedOption &A, const AppliedOption &B) {
    return std::make_tuple(!A.Shared, StringRef(A.Key)) <
           std::make_tuple(!B.Shared, StringRef(B.Key));
  });
  return Out;
}

/// The directory of the .clang-tidy file that sets \p Key to \p Value, looked
/// for as clang-tidy does: from \p MainFile's directory upward, going on past
/// a file only when it inherits its parent's configuration.
std::optional<std::string> configDirSetting(StringRef Key, StringRef Value,
                                            StringRef MainFile) {
  llvm::SmallString<256> Start(MainFile);
  llvm::sys::fs::make_absolute(Start);
  llvm::sys::path::remove_dots(Start, /*remove_dot_dot=*/true);
  for (StringRef Dir = llvm::sys::path::parent_path(Start); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> File(Dir);
    llvm::sys::path::append(File, ".clang-tidy");
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer)
      continue;
    auto Parsed = clang::tidy::parseConfiguration((*Buffer)->getMemBufferRef());
    if (!Parsed)
      return std::nullopt; // clang-tidy reports the broken file itself.
    auto It = Parsed->CheckOptions.find(Key);
    if (It != Parsed->CheckOptions.end() && It->second.Value == Value)
      return Dir.str();
    if (!Parsed->InheritParentConfig.value_or(false))
      return std::nullopt;
  }
  return std::nullopt;
}

void appendUnique(std::vector<std::string> &Out, std::string Path) {
  if (!llvm::is_contained(Out, Path))
    Out.push_back(std::move(Path));
}

} // namespace

std::string resolveOptionPath(StringRef Path, StringRef Key, StringRef Value,
                              StringRef MainFile) {
  llvm::SmallString<256> Out;
  if (!llvm::sys::path::is_absolute(Path)) {
    if (std::optional<std::string> Dir =
            configDirSetting(Key, Value, MainFile))
      Out = *Dir;
    else
      llvm::sys::fs::current_path(Out);
  }
  llvm::sys::path::append(Out, Path);
  llvm::sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  return std::string(Out);
}

Settings::Settings(const ClangTidyOptions::OptionMap &Options,
                   StringRef MainFile,
                   llvm::function_ref<bool(StringRef)> IsEnabled) {
  readPaths(Options, "ExtraRecords", MainFile, IsEnabled, RecordPaths);
  readPaths(Options, "ExtraRules", MainFile, IsEnabled, RulePaths);
  // Every Cite value is checked, also those of checks that are disabled: a
  // typo should not wait for the check to be turned on.
  for (const AppliedOption &O :
       applicable(Options, "Cite", [](StringRef) { return true; })) {
    CiteLevel Level;
    if (parseCite(O.Value, Level)) {
      Cites[O.Check] = Level;
      continue;
    }
    Errors.push_back("invalid value '" + O.Value + "' for option '" + O.Key +
                     "'; expected 'full', 'tips' or 'none'");
  }
}

void Settings::readPaths(const ClangTidyOptions::OptionMap &Options,
                         StringRef Name, StringRef MainFile,
                         llvm::function_ref<bool(StringRef)> IsEnabled,
                         std::vector<std::string> &Out) {
  for (const AppliedOption &O : applicable(Options, Name, IsEnabled)) {
    llvm::SmallVector<StringRef, 4> Items;
    StringRef(O.Value).split(Items, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (StringRef Item : Items) {
      Item = Item.trim();
      if (!Item.empty())
        appendUnique(Out, resolveOptionPath(Item, O.Key, O.Value, MainFile));
    }
  }
}

CiteLevel Settings::citeFor(StringRef RuleId) const {
  auto It = Cites.find((CheckPrefix + RuleId).str());
  if (It == Cites.end())
    It = Cites.find(SharedCheck.str());
  return It == Cites.end() ? CiteLevel::Full : It->second;
}

/// clang-tidy's --line-filter: files it names show the lines given, files it
/// does not name show nothing.
static bool passesLineFilter(const clang::tidy::ClangTidyGlobalOptions &Global,
                             StringRef File, unsigned Line) {
  if (Global.LineFilter.empty())
    return true;
  for (const clang::tidy::FileFilter &Filter : Global.LineFilter) {
    if (!File.ends_with(Filter.Name))
      continue;
    return Filter.LineRanges.empty() ||
           llvm::any_of(Filter.LineRanges, [&](const auto &Range) {
             return Range.first <= Line && Line <= Range.second;
           });
  }
  return false;
}

bool passesTidyFilters(const ClangTidyOptions &Options,
                       const clang::tidy::ClangTidyGlobalOptions &Global,
                       StringRef File, bool InMainFile, unsigned Line) {
  if (!passesLineFilter(Global, File, Line))
    return false;
  if (InMainFile)
    return true;
  // An empty or invalid regex matches nothing, in clang-tidy as here.
  llvm::Regex Header(Options.HeaderFilterRegex.value_or(""));
  if (!Header.match(File))
    return false;
  if (!Options.ExcludeHeaderFilterRegex)
    return true;
  return !llvm::Regex(*Options.ExcludeHeaderFilterRegex).match(File);
}

const LoadedCatalog &loadCatalog(const Settings &S) {
  // clang-tidy analyzes one file after another, often with the same
  // settings: each set of paths is loaded once per process.
  static std::mutex Mutex;
  static std::map<std::vector<std::string>, std::unique_ptr<LoadedCatalog>>
      Cache;
  std::vector<std::string> Key = S.recordPaths();
  Key.push_back(""); // No path is empty: this separates records from rules.
  Key.insert(Key.end(), S.rulePaths().begin(), S.rulePaths().end());

  std::lock_guard<std::mutex> Lock(Mutex);
  std::unique_ptr<LoadedCatalog> &Slot = Cache[Key];
  if (!Slot) {
    Slot = std::make_unique<LoadedCatalog>();
    if (Slot->Cat.loadAll(S.recordPaths(), S.rulePaths(), Slot->Errors) &&
        checkMatcherRules(Slot->Cat, Slot->Errors))
      Slot->E = std::make_unique<Engine>(Slot->Cat);
  }
  return *Slot;
}

const LoadedCatalog &builtinCatalog() {
  static const ClangTidyOptions::OptionMap NoOptions;
  return loadCatalog(Settings(NoOptions, "", [](StringRef) { return false; }));
}

} // namespace tidy
} // namespace errlint
