// Blend streaming for a perfumery's compounding robots. A blend job streams
// its formula (one message per raw material) to the dosing station over a
// multiplexed streaming channel taken from the station's StreamSession; the
// end of the formula is confirmed with a "complete" control message. A dosing
// error aborts the job and closes the stream.
#include "messaging.h"

#include <string>
#include <vector>

struct Ingredient {
  std::string material;
  double grams;
  bool allergen;
};

struct BlendJob {
  std::string formula;
  int batch = 0;
  std::vector<Ingredient> ingredients;
};

static cassandra::StreamMessage dosingMessage(const Ingredient &i) {
  return {"dose", i.material + ":" + std::to_string(i.grams)};
}

void sendComplete(cassandra::StreamingMultiplexedChannel &ch, const BlendJob &job) {
  ch.sendControlMessage({"complete", job.formula + "#" + std::to_string(job.batch)}); // SAME: complete
}

class BlendStreamer {
public:
  explicit BlendStreamer(cassandra::StreamSession &session) : session_(session) {}

  bool stream(const BlendJob &job);
  void abort(const std::string &why);
  void onStationFault(int code);
  bool preview(const BlendJob &job);

private:
  bool withinTolerance(const Ingredient &i) const { return i.grams > 0.0 && i.grams < maxGrams_; }

  cassandra::StreamSession &session_;
  double maxGrams_ = 2500.0;
  int allergenCount_ = 0;
};

bool BlendStreamer::stream(const BlendJob &job) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  ch.setTimeout(30);
  allergenCount_ = 0;
  for (const Ingredient &i : job.ingredients) {
    if (!withinTolerance(i)) {
      abort("out of tolerance: " + i.material);
      break;
    }
    if (i.allergen)
      ++allergenCount_;
    ch.sendMessage(ch.controlChannel(), dosingMessage(i));
  }
  if (allergenCount_ > 0 && !ch.isClosed())
    ch.sendControlMessage({"label", "allergens=" + std::to_string(allergenCount_)}); // OK
  sendComplete(ch, job); // BUG: use-after-close #complete
  return true;
}

void BlendStreamer::abort(const std::string &why) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  session_.onError(why);
  ch.sendControlMessage({"abort", why});
  ch.close();
}

void BlendStreamer::onStationFault(int code) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed())
    return;
  ch.close();
  session_.onError("dosing station fault " + std::to_string(code));
  ch.sendControlMessage({"fault", std::to_string(code)}); // BUG: use-after-close
}

bool BlendStreamer::preview(const BlendJob &job) {
  if (!session_.isPreview())
    return false;
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  for (const Ingredient &i : job.ingredients) {
    if (!withinTolerance(i)) {
      ch.close();
      return false;
    }
    ch.sendMessage(ch.controlChannel(), dosingMessage(i)); // OK
  }
  ch.sendControlMessage({"preview-done", job.formula}); // OK
  ch.close();
  return true;
}
