//===- GlobList.cpp - clang-tidy style lists of check globs --------------===//

#include "GlobList.h"
#include "llvm/ADT/SmallVector.h"

namespace errlint {

bool wildcardMatch(llvm::StringRef Pattern, llvm::StringRef Text) {
  // Greedy matching with backtracking to the last '*': linear for the
  // short names matched here.
  size_t P = 0, T = 0, StarP = llvm::StringRef::npos, StarT = 0;
  while (T < Text.size()) {
    if (P < Pattern.size() && Pattern[P] == '*') {
      StarP = P++;
      StarT = T;
    } else if (P < Pattern.size() && Pattern[P] == Text[T]) {
      ++P;
      ++T;
    } else if (StarP != llvm::StringRef::npos) {
      P = StarP + 1;
      T = ++StarT;
    } else {
      return false;
    }
  }
  while (P < Pattern.size() && Pattern[P] == '*')
    ++P;
  return P == Pattern.size();
}

GlobList::GlobList(llvm::StringRef Text, bool KeepNegative) {
  llvm::SmallVector<llvm::StringRef> Items;
  Text.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    // clang-tidy also accepts newlines between globs.
    llvm::SmallVector<llvm::StringRef> Lines;
    Item.split(Lines, '\n');
    for (llvm::StringRef G : Lines) {
      G = G.trim();
      bool Positive = !G.consume_front("-");
      G = G.trim();
      if (G.empty() || (!Positive && !KeepNegative))
        continue;
      Globs.push_back({Positive, G.str()});
    }
  }
}

bool GlobList::contains(llvm::StringRef Name) const {
  for (auto It = Globs.rbegin(); It != Globs.rend(); ++It)
    if (wildcardMatch(It->Pattern, Name))
      return It->Positive;
  return false;
}

bool GlobList::containsRule(llvm::StringRef RuleId) const {
  std::string Check = checkName(RuleId);
  for (auto It = Globs.rbegin(); It != Globs.rend(); ++It)
    if (wildcardMatch(It->Pattern, Check) || wildcardMatch(It->Pattern, RuleId))
      return It->Positive;
  return false;
}

std::string checkName(llvm::StringRef RuleId) {
  return "errlint-" + RuleId.str();
}

} // namespace errlint
