//===- ResultCacheTest.cpp - The shared result cache ---------------------===//
//
// The cache over in-memory backends: layers, modes, signatures, the circuit
// breaker and paths relative to the project root. The real backends (Redis,
// HTTP, directories) are tested end to end by test/lit/ci/cache-*.test.
//
//===----------------------------------------------------------------------===//

#include "CacheBackend.h"
#include "Hmac.h"
#include "ResultCache.h"
#include "TempDir.h"

#include <gtest/gtest.h>

#include <map>

namespace errlint {
namespace {

/// A backend in memory that can be told to fail.
struct Memory {
  std::map<std::string, std::string> Entries;
  bool Fail = false;
  unsigned Calls = 0;
};

class MemoryBackend : public CacheBackend {
public:
  MemoryBackend(Memory &M, bool Local) : M(M), Local(Local) {}
  std::string name() const override { return Local ? "local" : "remote"; }
  bool isLocal() const override { return Local; }
  CacheReply open() override { return CacheReply::ok(); }
  CacheReply get(const std::string &A, std::string &Bytes) override {
    ++M.Calls;
    if (M.Fail)
      return CacheReply::failed("down");
    auto It = M.Entries.find(A);
    if (It == M.Entries.end())
      return CacheReply::missing();
    Bytes = It->second;
    return CacheReply::ok();
  }
  CacheReply put(const std::string &A, const std::string &Bytes) override {
    ++M.Calls;
    if (M.Fail)
      return CacheReply::failed("down");
    M.Entries[A] = Bytes;
    return CacheReply::ok();
  }

private:
  Memory &M;
  bool Local;
};

/// A cache over the given memories, first asked first.
struct TestCache {
  std::vector<std::string> Warnings;
  std::unique_ptr<ResultCache> Cache;

  TestCache(std::vector<std::pair<Memory *, bool>> Layers, std::string Root,
            std::string Secret = "", CacheMode Mode = CacheMode::ReadWrite) {
    std::vector<std::unique_ptr<CacheBackend>> Backends;
    for (auto [M, Local] : Layers)
      Backends.push_back(std::make_unique<MemoryBackend>(*M, Local));
    CacheOptions O;
    O.Identity = "test build";
    O.Root = std::move(Root);
    O.Secret = std::move(Secret);
    O.Mode = Mode;
    O.Warn = [this](const std::string &W) { Warnings.push_back(W); };
    Cache = std::make_unique<ResultCache>(std::move(Backends), std::move(O));
    Cache->open();
  }
  ResultCache *operator->() { return Cache.get(); }
};

/// A result with one finding in Root/a.cpp, which reads Root/a.h.
UnitResult resultIn(const TempDir &Root) {
  UnitResult R;
  R.Files = {Root.write("a.cpp", "int a;\n"), Root.write("a.h", "int h;\n")};
  Finding F;
  F.RuleId = "send-after-close";
  F.Severity = SeverityLevel::Warning;
  F.Message = "call";
  F.Loc.File = R.Files[0];
  F.Loc.Line = 1;
  R.Findings.push_back(F);
  return R;
}

std::string key(const TempDir &Root) {
  return "cmd\0" + Root.str() + "/a.cpp\0-I" + Root.str() + "/inc";
}

TEST(HmacTest, Rfc4231Vectors) {
  EXPECT_EQ(hmacSha256Hex(std::string(20, '\x0b'), "Hi There"),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  EXPECT_EQ(hmacSha256Hex("Jefe", "what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  // A key longer than a block is hashed first.
  EXPECT_EQ(hmacSha256Hex(std::string(131, '\xaa'),
                          "Test Using Larger Than Block-Size Key - Hash Key "
                          "First"),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

TEST(HmacTest, ConstantTimeEquals) {
  EXPECT_TRUE(constantTimeEquals("abc", "abc"));
  EXPECT_FALSE(constantTimeEquals("abc", "abd"));
  EXPECT_FALSE(constantTimeEquals("abc", "ab"));
}

TEST(CacheLocationTest, Redis) {
  CacheLocation L;
  std::string E;
  ASSERT_TRUE(parseCacheLocation("redis://me:p%40ss@cache.example:6380/2",
                                 "/", L, E));
  EXPECT_EQ(L.K, CacheLocation::Redis);
  EXPECT_EQ(L.Host, "cache.example");
  EXPECT_EQ(L.Port, 6380u);
  EXPECT_EQ(L.User, "me");
  EXPECT_EQ(L.Password, "p@ss");
  EXPECT_EQ(L.Database, 2u);
  ASSERT_TRUE(parseCacheLocation("redis://secret@h", "/", L, E));
  EXPECT_EQ(L.Password, "secret");
  EXPECT_EQ(L.User, "");
  EXPECT_EQ(L.Port, 6379u);
  EXPECT_EQ(L.Database, 0u);
  EXPECT_FALSE(parseCacheLocation("redis://h:0", "/", L, E));
  EXPECT_FALSE(parseCacheLocation("redis://:p@:1", "/", L, E));
  EXPECT_FALSE(parseCacheLocation("redis://u:%zz@h", "/", L, E));
}

TEST(CacheLocationTest, HttpAndDirectories) {
  CacheLocation L;
  std::string E;
  ASSERT_TRUE(parseCacheLocation("https://u:p@host/cache/", "/", L, E));
  EXPECT_EQ(L.K, CacheLocation::Http);
  EXPECT_EQ(L.Url, "https://u:p@host/cache");
  EXPECT_FALSE(parseCacheLocation("http:///x", "/", L, E));
  ASSERT_TRUE(parseCacheLocation("cache/../c", "/base", L, E));
  EXPECT_EQ(L.K, CacheLocation::Directory);
  EXPECT_EQ(L.Path, "/base/c");
  ASSERT_TRUE(parseCacheLocation("file:///abs", "/base", L, E));
  EXPECT_EQ(L.Path, "/abs");
  EXPECT_FALSE(parseCacheLocation("s3://bucket", "/", L, E));
  EXPECT_EQ(E, "unsupported scheme 's3' (use a directory, redis://, http:// "
               "or https://)");
}

TEST(RootRelocatorTest, WholeComponentsOnly) {
  RootRelocator R("/work/a");
  EXPECT_EQ(R.toEntry("/work/a/x.cpp"), "{root}/x.cpp");
  EXPECT_EQ(R.toEntry("/work/ab/x.cpp"), "/work/ab/x.cpp");
  EXPECT_EQ(R.fromEntry("{root}/x.cpp"), "/work/a/x.cpp");
  EXPECT_EQ(R.relocateText(std::string("-I/work/a/inc\0/work/ab\0/work/a", 30)),
            std::string("-I{root}/inc\0/work/ab\0{root}", 28));
}

TEST(ResultCacheTest, AnotherCheckoutHitsWithItsOwnPaths) {
  TempDir One, Two;
  Memory Remote;
  TestCache First({{&Remote, false}}, One.str());
  First->store(key(One), resultIn(One));
  resultIn(Two); // The same files in the second checkout.
  TestCache Second({{&Remote, false}}, Two.str());
  std::optional<UnitResult> Hit = Second->lookup(key(Two));
  ASSERT_TRUE(Hit);
  EXPECT_TRUE(Hit->FromCache);
  EXPECT_EQ(Hit->Findings.at(0).Loc.File, Two.str() + "/a.cpp");
}

TEST(ResultCacheTest, ChangedFileIsAMissNotARejection) {
  TempDir Root;
  Memory Remote;
  TestCache C({{&Remote, false}}, Root.str());
  C->store(key(Root), resultIn(Root));
  TestCache Later({{&Remote, false}}, Root.str());
  Root.write("a.h", "int changed;\n");
  EXPECT_FALSE(Later->lookup(key(Root)));
  EXPECT_EQ(Later->stats()[0].Misses, 1u);
  EXPECT_EQ(Later->stats()[0].Rejected, 0u);
}

TEST(ResultCacheTest, SignaturesDecide) {
  TempDir Root;
  Memory Remote;
  TestCache Writer({{&Remote, false}}, Root.str(), "s3cret");
  Writer->store(key(Root), resultIn(Root));
  EXPECT_TRUE(TestCache({{&Remote, false}}, Root.str(), "s3cret")
                  ->lookup(key(Root)));
  TestCache Other({{&Remote, false}}, Root.str(), "other");
  EXPECT_FALSE(Other->lookup(key(Root)));
  EXPECT_EQ(Other->stats()[0].Rejected, 1u);
  // Without a secret the signature is not checked, the rest is.
  EXPECT_TRUE(TestCache({{&Remote, false}}, Root.str())->lookup(key(Root)));
  // An entry moved to another address (another key) is refused.
  std::string Bytes = Remote.Entries.begin()->second;
  Remote.Entries.clear();
  std::string Elsewhere = Writer->addressOf(Writer->relativeKey("other key"));
  Remote.Entries[Elsewhere] = Bytes;
  UnitResult Out;
  EXPECT_EQ(Writer->decode(Elsewhere, Writer->relativeKey(key(Root)), Bytes,
                           Out),
            ResultCache::Verdict::Untrusted);
}

TEST(ResultCacheTest, LayersInFrontAreFilled) {
  TempDir Root;
  Memory Local, Remote;
  TestCache({{&Remote, false}}, Root.str())->store(key(Root), resultIn(Root));
  TestCache C({{&Local, true}, {&Remote, false}}, Root.str());
  EXPECT_TRUE(C->lookup(key(Root)));
  EXPECT_EQ(Local.Entries.size(), 1u);
  EXPECT_EQ(C->stats()[0].Writes, 1u);
  EXPECT_EQ(C->stats()[1].Hits, 1u);
}

TEST(ResultCacheTest, ModesLimitWrites) {
  TempDir Root;
  Memory Local, Remote;
  TestCache({{&Local, true}, {&Remote, false}}, Root.str(), "",
            CacheMode::ReadOnly)
      ->store(key(Root), resultIn(Root));
  EXPECT_TRUE(Local.Entries.empty());
  EXPECT_TRUE(Remote.Entries.empty());
  TestCache({{&Local, true}, {&Remote, false}}, Root.str(), "",
            CacheMode::RemoteReadOnly)
      ->store(key(Root), resultIn(Root));
  EXPECT_EQ(Local.Entries.size(), 1u);
  EXPECT_TRUE(Remote.Entries.empty());
}

TEST(ResultCacheTest, CircuitBreakerStopsAsking) {
  TempDir Root;
  Memory Remote;
  TestCache C({{&Remote, false}}, Root.str());
  Remote.Fail = true;
  for (int I = 0; I < 10; ++I)
    EXPECT_FALSE(C->lookup(key(Root) + std::to_string(I)));
  C->store(key(Root), resultIn(Root));
  EXPECT_EQ(Remote.Calls, 3u);
  EXPECT_TRUE(C->stats()[0].Disabled);
  EXPECT_EQ(C->stats()[0].Failures, 3u);
  ASSERT_EQ(C.Warnings.size(), 1u);
  EXPECT_EQ(C.Warnings[0], "cache 'remote': down; it is not asked again "
                           "after 3 failures in a run");
}

TEST(ResultCacheTest, DamagedEntriesAreRejected) {
  TempDir Root;
  Memory Remote;
  TestCache C({{&Remote, false}}, Root.str());
  C->store(key(Root), resultIn(Root));
  std::string &Bytes = Remote.Entries.begin()->second;
  for (std::string Bad : {Bytes.substr(0, Bytes.size() / 2),
                          std::string("\0\1", 2), std::string("[]"),
                          std::string("{\"format\": 4}")}) {
    Bytes = Bad;
    EXPECT_FALSE(C->lookup(key(Root)));
  }
  EXPECT_EQ(C->stats()[0].Rejected, 4u);
}

} // namespace
} // namespace errlint
