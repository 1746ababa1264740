//===- Paths.cpp - Project-relative paths and file URIs ------------------===//

#include "Paths.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace errlint {

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::string realPathOrAbsolute(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  return absolutePath(Path);
}

std::string findGitRoot(llvm::StringRef Path) {
  std::string Dir = absolutePath(Path);
  if (!llvm::sys::fs::is_directory(Dir))
    Dir = llvm::sys::path::parent_path(Dir).str();
  for (llvm::StringRef D = Dir; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Git(D);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      return D.str();
  }
  return "";
}

std::string relativeToRoot(llvm::StringRef Path, llvm::StringRef Root) {
  llvm::StringRef R = Root;
  while (R.size() > 1 && llvm::sys::path::is_separator(R.back()))
    R = R.drop_back();
  if (R.empty() || !Path.starts_with(R))
    return Path.str();
  llvm::StringRef Rest = Path.drop_front(R.size());
  if (R != "/") {
    if (Rest.empty() || !llvm::sys::path::is_separator(Rest.front()))
      return Path.str();
    Rest = Rest.drop_front();
  }
  if (Rest.empty())
    return Path.str();
  return llvm::sys::path::convert_to_slash(Rest);
}

bool isRelative(llvm::StringRef Rel) {
  return !llvm::sys::path::is_absolute(Rel);
}

std::string percentEncode(llvm::StringRef Text,
                          llvm::function_ref<bool(char)> Keep) {
  std::string Out;
  for (char C : Text) {
    if (Keep(C)) {
      Out += C;
      continue;
    }
    unsigned char U = static_cast<unsigned char>(C);
    Out += '%';
    Out += llvm::hexdigit(U >> 4, /*LowerCase=*/false);
    Out += llvm::hexdigit(U & 15, /*LowerCase=*/false);
  }
  return Out;
}

std::string encodeUriPath(llvm::StringRef Path) {
  return percentEncode(Path, [](char C) {
    return llvm::isAlnum(C) ||
           llvm::StringRef("-._~/!$&'()*+,;=:@").contains(C);
  });
}

std::string decodeUriPath(llvm::StringRef Uri) {
  std::string Out;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned Hi, Lo;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        (Hi = llvm::hexDigitValue(Uri[I + 1])) != ~0U &&
        (Lo = llvm::hexDigitValue(Uri[I + 2])) != ~0U) {
      Out += static_cast<char>(Hi * 16 + Lo);
      I += 2;
      continue;
    }
    Out += Uri[I];
  }
  return Out;
}

std::string fileUri(llvm::StringRef AbsPath) {
  return "file://" + encodeUriPath(llvm::sys::path::convert_to_slash(AbsPath));
}

} // namespace errlint
