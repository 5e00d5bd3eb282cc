// Stepping through frames: play and pause, forward and back, first and last, a speed, and the
// fraction of the glide from one frame to the next. No ImGui here: the keyboard and the buttons
// call these.
#pragma once

namespace scanscope {

class Timeline {
  public:
    void reset(int frames);  // back to frame 0, paused
    int size() const { return frames_; }
    int position() const { return position_; }
    bool empty() const { return frames_ == 0; }

    void seek(int frame);  // no glide
    void forward();        // one frame on, gliding
    void back();
    void home();
    void end();

    void toggle_play();
    void pause() { playing_ = false; }
    bool playing() const { return playing_; }

    // Frames per second, from 0.25 to 16 in doublings.
    void faster();
    void slower();
    float speed() const { return speed_; }

    // Moves time on by `seconds`; true when the frame changed. Playing stops at the end.
    bool update(double seconds);
    // 0 just after moving forward, 1 once the glide has finished (and after any other move).
    float glide() const;

  private:
    int frames_ = 0;
    int position_ = 0;
    bool playing_ = false;
    float speed_ = 1.0f;
    double since_step_ = 0.0;  // seconds in the current frame
    bool gliding_ = false;
    double glide_seconds() const;
};

}  // namespace scanscope
