// Inventory sync worker. The store connection is a net::Connection (send()
// throws "connection closed" once closed); the write-ahead segment is a
// WalSegment of this service (append() throws std::logic_error once sealed,
// seal() is noexcept and idempotent).
// Defects: syncInventory() closes the connection in its catch handler and then
// sends the trailer after the try/catch anyway; commitBatch() seals the
// segment and then calls publishManifest(), which can throw, and its handler
// appends a rollback record to the sealed segment.
// Correct counterparts: syncOrRethrow() rethrows from the handler, and
// commitBatchSafely() seals as the last statement of its try block.
#include "netconn.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class WalSegment {
public:
  explicit WalSegment(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {}
  ~WalSegment() { seal(); }
  void append(const std::string &rec) {
    if (sealed_)
      throw std::logic_error("append to sealed WAL segment");
    std::fprintf(fp_, "%s\n", rec.c_str());
  }
  void seal() noexcept {
    if (sealed_)
      return;
    sealed_ = true;
    if (fp_)
      std::fclose(fp_);
  }

private:
  std::FILE *fp_;
  bool sealed_ = false;
};

struct Item {
  std::string sku;
  int quantity;
};

struct Batch {
  std::string id;
  std::vector<Item> items;
};

static std::string encode(const Item &it) {
  if (it.sku.empty())
    throw std::invalid_argument("item without sku");
  return it.sku + ":" + std::to_string(it.quantity);
}

static void publishManifest(const Batch &b) {
  if (b.items.size() > 500)
    throw std::runtime_error("manifest too large for batch " + b.id);
}

void syncInventory(net::Connection &conn, const std::vector<Item> &items) {
  try {
    for (const Item &it : items)
      conn.send(encode(it));
  } catch (const std::invalid_argument &e) {
    std::fprintf(stderr, "sync aborted: %s\n", e.what());
    conn.close();
  }
  conn.send("SYNC-END"); // BUG: use-after-close
}

void syncOrRethrow(net::Connection &conn, const std::vector<Item> &items) {
  try {
    for (const Item &it : items)
      conn.send(encode(it));
  } catch (const std::invalid_argument &) {
    conn.close();
    throw;
  }
  conn.send("SYNC-END"); // OK: the handler that closes always rethrows
}

void commitBatch(WalSegment &wal, const Batch &b) {
  for (const Item &it : b.items)
    wal.append(encode(it));
  try {
    wal.seal();
    publishManifest(b);
  } catch (const std::exception &e) {
    wal.append("ROLLBACK " + b.id); // BUG: use-after-close
    throw;
  }
}

void commitBatchSafely(WalSegment &wal, const Batch &b) {
  for (const Item &it : b.items)
    wal.append(encode(it));
  try {
    publishManifest(b);
    wal.seal();
  } catch (const std::exception &e) {
    wal.append("ROLLBACK " + b.id); // OK: seal() is last in the try and noexcept
    wal.seal(); // OK: first seal on this path
    throw;
  }
}

int main(int argc, char **argv) {
  Batch b{"batch-" + std::to_string(argc), {}};
  char sku[64];
  int qty;
  while (std::scanf("%63s %d", sku, &qty) == 2)
    b.items.push_back({sku[0] == '-' ? std::string() : std::string(sku), qty});
  net::Connection store("store.internal:6000");
  WalSegment wal("/var/lib/inventory/wal.seg");
  try {
    if (argc > 1 && std::string(argv[1]) == "--fast-commit")
      commitBatch(wal, b);
    else
      commitBatchSafely(wal, b);
    syncOrRethrow(store, b.items);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "batch failed: %s\n", e.what());
  }
  net::Connection audit("audit.internal:6001");
  syncInventory(audit, b.items);
  return 0;
}
