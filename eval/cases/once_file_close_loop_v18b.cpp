// Backup packer: writes snapshot chunks into pack files with stdio.
// Negative case: every FILE* is closed exactly once. writePack() closes the
// pack inside the loop, but only in the last iteration (after that iteration's
// write), appendIndex() closes after the loop or on its error break (a flag
// keeps the second close from running), and splitPacks() opens and closes a
// new file in each iteration.
#include <cstdio>
#include <string>
#include <vector>

struct Chunk {
  std::string name;
  std::vector<unsigned char> data;
};

// Writes all chunks into one pack; the pack is closed with the last chunk.
static int writePack(const std::string &path, const std::vector<Chunk> &chunks) {
  if (chunks.empty())
    return 0;
  FILE *pack = std::fopen(path.c_str(), "wb");
  if (!pack)
    return -1;
  int rc = 0;
  const std::size_t n = chunks.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Chunk &c = chunks[i];
    unsigned int len = static_cast<unsigned int>(c.data.size());
    std::fwrite(&len, sizeof len, 1, pack); // OK: the close below runs after the last write
    if (!c.data.empty() && std::fwrite(c.data.data(), 1, c.data.size(), pack) != c.data.size())
      rc = -1;
    if (i == n - 1)
      std::fclose(pack); // OK: runs only in the last iteration
  }
  return rc;
}

// Appends one index line per chunk; stops at the first failed write.
static int appendIndex(const std::string &path, const std::vector<Chunk> &chunks) {
  FILE *idx = std::fopen(path.c_str(), "a");
  if (!idx)
    return -1;
  bool closed = false;
  long offset = 0;
  for (const Chunk &c : chunks) {
    if (std::fprintf(idx, "%s %ld %zu\n", c.name.c_str(), offset, c.data.size()) < 0) {
      std::fclose(idx);
      closed = true;
      break;
    }
    offset += static_cast<long>(c.data.size() + sizeof(unsigned int));
  }
  if (!closed)
    std::fclose(idx); // OK: skipped when the loop already closed the index
  return closed ? -1 : 0;
}

// One pack file per group of `perPack` chunks.
static int splitPacks(const std::string &prefix, const std::vector<Chunk> &chunks,
                      std::size_t perPack) {
  int packs = 0;
  for (std::size_t start = 0; start < chunks.size(); start += perPack) {
    std::string path = prefix + "." + std::to_string(packs++);
    FILE *f = std::fopen(path.c_str(), "wb");
    if (!f)
      return -1;
    for (std::size_t i = start; i < chunks.size() && i < start + perPack; ++i)
      std::fwrite(chunks[i].data.data(), 1, chunks[i].data.size(), f);
    std::fclose(f);
  }
  return packs;
}

int main() {
  std::vector<Chunk> chunks;
  for (int i = 0; i < 5; ++i)
    chunks.push_back({"chunk-" + std::to_string(i),
                      std::vector<unsigned char>(100 + i * 10, static_cast<unsigned char>(i))});
  if (writePack("/tmp/backup_v18b.pack", chunks) != 0)
    std::fprintf(stderr, "pack write failed\n");
  if (appendIndex("/tmp/backup_v18b.idx", chunks) != 0)
    std::fprintf(stderr, "index write failed\n");
  int packs = splitPacks("/tmp/backup_v18b.split", chunks, 2);
  std::printf("wrote %d split packs\n", packs);
  return 0;
}
