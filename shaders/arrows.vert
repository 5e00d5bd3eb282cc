#version 330 core
// One instance per arrow: a quad around the segment, wide enough for the head.
layout(location = 0) in vec2 corner;     // unit quad, 0..1
layout(location = 1) in vec4 segment;    // x0, y0, x1, y1 (world)
layout(location = 2) in vec4 arrow_color;
layout(location = 3) in vec2 style;      // width in pixels, 1 for a head

uniform vec2 origin;
uniform float scale;
uniform vec2 viewport;

out vec2 along_across;   // pixels along the segment from its start, and across it
flat out float length_px;
flat out float width_px;
flat out float head;
flat out vec4 tint;

void main() {
    vec2 a = (segment.xy - origin) * scale;
    vec2 b = (segment.zw - origin) * scale;
    vec2 d = b - a;
    float len = max(length(d), 0.001);
    vec2 dir = d / len;
    vec2 normal = vec2(-dir.y, dir.x);
    float half_width = max(style.x, style.y > 0.5 ? 3.5 * style.x : 0.0) * 0.5 + 1.5;
    vec2 p = a + dir * (corner.x * (len + 2.0) - 1.0) + normal * ((corner.y * 2.0 - 1.0) * half_width);
    along_across = vec2(dot(p - a, dir), dot(p - a, normal));
    length_px = len;
    width_px = style.x;
    head = style.y;
    tint = arrow_color;
    gl_Position = vec4(p.x / viewport.x * 2.0 - 1.0, 1.0 - p.y / viewport.y * 2.0, 0.0, 1.0);
}
