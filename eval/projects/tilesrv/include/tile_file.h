// stdio helpers for the disk cache: a closing deleter for FILE* owners and
// TileFile, a small move-only read handle for sealed segment files.
#pragma once

#include <cstdio>
#include <memory>
#include <string>

namespace tilesrv {

struct FileCloser {
  void operator()(std::FILE *file) const noexcept;
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

class TileFile {
public:
  TileFile() = default;
  static TileFile open(const std::string &path, const char *mode);
  ~TileFile();

  TileFile(TileFile &&other) noexcept;
  TileFile &operator=(TileFile &&other) noexcept;
  TileFile(const TileFile &) = delete;
  TileFile &operator=(const TileFile &) = delete;

  std::FILE *get() const { return file_; }
  explicit operator bool() const { return file_ != nullptr; }
  const std::string &path() const { return path_; }
  long size() const;
  void close();

private:
  TileFile(std::FILE *file, std::string path) : file_(file), path_(std::move(path)) {}

  std::FILE *file_ = nullptr;
  std::string path_;
};

bool readWholeFile(const std::string &path, std::string &out);
// Writes to "<path>.tmp", syncs, then renames over `path`.
bool writeFileAtomically(const std::string &path, const std::string &data);

} // namespace tilesrv
