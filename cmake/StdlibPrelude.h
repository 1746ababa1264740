//===- StdlibPrelude.h - Included first in every clang build -----*- C++ -*-===//
//
// Debian 12's libstdc++ 12 implements std::stable_sort with
// std::get_temporary_buffer, which it marks deprecated in C++17, and clang
// reports that deprecation at the library's own line whenever the template
// is instantiated from user code (GCC does not; libstdc++ 13 silences it
// itself). Clang decides by the pragmas in force where the header's text was
// read, so reading <memory> and <algorithm> here first, with the warning off,
// silences exactly the library's own use while errlint's code (and LLVM's
// deprecated APIs it might call) keeps -Wdeprecated-declarations.
//
//===----------------------------------------------------------------------===//
#if defined(__clang__) && defined(__cplusplus)
#include <ciso646> // defines __GLIBCXX__ when the library is libstdc++
#if defined(__GLIBCXX__) && defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE < 13
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
#include <algorithm>
#include <memory>
#pragma clang diagnostic pop
#endif
#endif
