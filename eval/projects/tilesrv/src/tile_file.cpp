// FILE* ownership helpers for the cache: the closing deleter, the TileFile
// read handle, and whole-file read / atomic write used for small state files.
#include "tile_file.h"

#include <cerrno>
#include <cstdio>
#include <unistd.h>
#include <utility>

namespace tilesrv {

void FileCloser::operator()(std::FILE *file) const noexcept {
  if (file)
    std::fclose(file);
}

TileFile TileFile::open(const std::string &path, const char *mode) {
  std::FILE *file = std::fopen(path.c_str(), mode);
  return TileFile(file, file ? path : std::string());
}

TileFile::~TileFile() { close(); }

TileFile::TileFile(TileFile &&other) noexcept
    : file_(std::exchange(other.file_, nullptr)), path_(std::move(other.path_)) {}

TileFile &TileFile::operator=(TileFile &&other) noexcept {
  if (this != &other) {
    close();
    file_ = std::exchange(other.file_, nullptr);
    path_ = std::move(other.path_);
  }
  return *this;
}

long TileFile::size() const {
  if (!file_)
    return -1;
  const long here = std::ftell(file_);
  if (std::fseek(file_, 0, SEEK_END) != 0)
    return -1;
  const long end = std::ftell(file_);
  std::fseek(file_, here, SEEK_SET);
  return end;
}

void TileFile::close() {
  if (!file_)
    return;
  std::fclose(file_);
  file_ = nullptr;
}

bool readWholeFile(const std::string &path, std::string &out) {
  TileFile file = TileFile::open(path, "rb");
  if (!file)
    return false;
  const long size = file.size();
  if (size < 0)
    return false;
  out.resize(static_cast<std::size_t>(size));
  if (size > 0 && std::fread(out.data(), 1, out.size(), file.get()) != out.size())
    return false;
  return true;
}

bool writeFileAtomically(const std::string &path, const std::string &data) {
  const std::string tmp = path + ".tmp";
  std::FILE *file = std::fopen(tmp.c_str(), "wb");
  if (!file)
    return false;
  if (std::fwrite(data.data(), 1, data.size(), file) != data.size() || std::fflush(file) != 0 ||
      ::fsync(::fileno(file)) != 0) {
    std::fclose(file);
    std::remove(tmp.c_str());
    return false;
  }
  if (std::fclose(file) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

} // namespace tilesrv
