#version 330 core
// A rounded rectangle with a border, anti-aliased by its signed distance.
in vec2 local_px;
in vec2 half_size_px;
flat in vec4 fill;
flat in vec4 border;
flat in float border_width;
out vec4 color;

float rounded_box(vec2 p, vec2 half_size, float radius) {
    vec2 q = abs(p) - half_size + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    float radius = min(4.0, 0.25 * min(half_size_px.x, half_size_px.y) * 2.0);
    float d = rounded_box(local_px, half_size_px, radius);
    float inside = clamp(0.5 - d, 0.0, 1.0);
    // Tiny cells (zoomed far out) are all fill: a border would swallow them.
    float edge = min(border_width, 0.3 * min(half_size_px.x, half_size_px.y));
    float in_border = clamp(d + edge + 0.5, 0.0, 1.0);
    vec4 c = mix(fill, border, in_border * border.a);
    color = vec4(c.rgb, c.a * inside);
    if (color.a <= 0.0) discard;
}
