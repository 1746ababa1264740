//===- TempDir.h - A temporary directory for unit tests ---------*- C++ -*-===//
#ifndef ERRLINT_UNITTEST_TEMPDIR_H
#define ERRLINT_UNITTEST_TEMPDIR_H

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace errlint {

/// A fresh directory under the system temp dir, named after the running
/// test, removed afterwards.
class TempDir {
public:
  TempDir() {
    const auto *Info = testing::UnitTest::GetInstance()->current_test_info();
    Path = std::filesystem::temp_directory_path() /
           ("errlint-" + std::to_string(getpid()) + "-" +
            Info->test_suite_name() + "-" + Info->name());
    std::filesystem::remove_all(Path);
    std::filesystem::create_directories(Path);
  }
  ~TempDir() {
    std::error_code EC;
    std::filesystem::remove_all(Path, EC);
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  /// Writes Text to Name (which may hold directories) and returns its path.
  std::string write(const std::string &Name, const std::string &Text) const {
    std::filesystem::path P = Path / Name;
    std::filesystem::create_directories(P.parent_path());
    std::ofstream(P, std::ios::binary) << Text;
    return P.string();
  }
  std::string str() const { return Path.string(); }

private:
  std::filesystem::path Path;
};

} // namespace errlint

#endif
