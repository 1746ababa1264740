//===- LLVMCompat.h - What differs between the LLVM releases we build on --===//
//
// errlint builds against LLVM 19 and LLVM 22 (CMakeLists.txt lists them).
// Every difference between their APIs that errlint meets is bridged here, in
// one place, so that the rest of the code is written once and a newcomer
// sees at a glance what a new release changed. Only the front ends include
// it (the runner and the clang-tidy module).
//
//===----------------------------------------------------------------------===//

#ifndef ERRLINT_LLVMCOMPAT_H
#define ERRLINT_LLVMCOMPAT_H

#include "clang-tidy/ClangTidyModule.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Sema/Sema.h"
#include "clang/Serialization/ASTWriter.h"
#include "clang/Serialization/InMemoryModuleCache.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <string>

#if LLVM_VERSION_MAJOR >= 22
// The driver's option table left clangDriver for clangOptions.
#include "clang/Options/Options.h"
#include "clang/Serialization/ModuleCache.h"
#else
#include "clang/Driver/Options.h"
// clang-tidy's module registry moved into ClangTidyModule.h in LLVM 22.
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif

namespace errlint {
namespace compat {

#if LLVM_VERSION_MAJOR >= 22
namespace driver_options = clang::options;
inline const llvm::opt::OptTable &driverOptTable() {
  return clang::getDriverOptTable();
}
#else
namespace driver_options = clang::driver::options;
inline const llvm::opt::OptTable &driverOptTable() {
  return clang::driver::getDriverOptTable();
}
#endif

/// A text diagnostic printer with the default options. LLVM 22's printer
/// borrows its options, LLVM 19's shares them: this owns both.
class TextDiagnostics {
public:
  explicit TextDiagnostics(llvm::raw_ostream &OS)
#if LLVM_VERSION_MAJOR >= 22
      : Printer(OS, Opts) {
  }
#else
      : Printer(OS, new clang::DiagnosticOptions()) {
  }
#endif
  clang::TextDiagnosticPrinter &printer() { return Printer; }

private:
#if LLVM_VERSION_MAJOR >= 22
  clang::DiagnosticOptions Opts;
#endif
  clang::TextDiagnosticPrinter Printer;
};

/// The AST \p S built, serialized as `clang -emit-ast` writes it.
inline void writeAST(clang::Sema &S, llvm::SmallVectorImpl<char> &Buffer) {
  llvm::BitstreamWriter Stream(Buffer);
#if LLVM_VERSION_MAJOR >= 22
  std::shared_ptr<clang::ModuleCache> Cache =
      clang::createCrossProcessModuleCache();
  clang::CodeGenOptions CodeGen;
  clang::ASTWriter Writer(Stream, Buffer, *Cache, CodeGen, {});
  Writer.WriteAST(&S, std::string(), nullptr, "");
#else
  clang::InMemoryModuleCache Cache;
  clang::ASTWriter Writer(Stream, Buffer, Cache, {});
  Writer.WriteAST(S, std::string(), nullptr, "");
#endif
}

/// Loads an AST that writeAST saved; null when it cannot be read. Its
/// diagnostics are dropped: the unit's were reported when it was parsed.
inline std::unique_ptr<clang::ASTUnit> loadAST(const std::string &Path) {
  auto PCH = std::make_shared<clang::PCHContainerOperations>();
#if LLVM_VERSION_MAJOR >= 22
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      llvm::vfs::getRealFileSystem();
  auto DiagOpts = std::make_shared<clang::DiagnosticOptions>();
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
      clang::CompilerInstance::createDiagnostics(
          *FS, *DiagOpts, new clang::IgnoringDiagConsumer());
  return clang::ASTUnit::LoadFromASTFile(
      Path, PCH->getRawReader(), clang::ASTUnit::LoadEverything, FS, DiagOpts,
      Diags, clang::FileSystemOptions(), clang::HeaderSearchOptions());
#else
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
      clang::CompilerInstance::createDiagnostics(
          new clang::DiagnosticOptions(), new clang::IgnoringDiagConsumer());
  return clang::ASTUnit::LoadFromASTFile(
      Path, PCH->getRawReader(), clang::ASTUnit::LoadEverything, Diags,
      clang::FileSystemOptions(),
      std::make_shared<clang::HeaderSearchOptions>());
#endif
}

} // namespace compat
} // namespace errlint

#endif // ERRLINT_LLVMCOMPAT_H
