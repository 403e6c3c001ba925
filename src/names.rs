//! Enums whose values each have one name (languages, styles, the
//! confirmation setting): the name-to-value code is derived here once,
//! by [`named_enum!`], for settings, the command line and serde alike.

/// Derives for `$ty` (whose variants each have one name): `ALL` in
/// order, the name (`$name_fn`), reading a name (case and surrounding
/// spaces ignored) with an error `$err` that lists the names, `Display`,
/// and conversion to and from `String` (for `#[serde(try_from = "String",
/// into = "String")]`).
macro_rules! named_enum {
    ($ty:ident, $err:ident, $what:literal, $name_fn:ident, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in order.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// The name, as written in settings and on the command line.
            pub fn $name_fn(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }

        #[doc = concat!("A name that names no ", $what, ".")]
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $err(pub String);

        impl std::fmt::Display for $err {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "unknown {} '{}'; use one of {}", $what, self.0, [$($name),+].join(", "))
            }
        }

        impl std::error::Error for $err {}

        impl std::str::FromStr for $ty {
            type Err = $err;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $ty::ALL.into_iter().find(|v| v.$name_fn().eq_ignore_ascii_case(s.trim())).ok_or_else(|| $err(s.to_string()))
            }
        }

        impl TryFrom<String> for $ty {
            type Error = $err;
            fn try_from(s: String) -> Result<Self, Self::Error> {
                s.parse()
            }
        }

        impl From<$ty> for String {
            fn from(v: $ty) -> String {
                v.$name_fn().to_string()
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.$name_fn())
            }
        }
    };
}

pub(crate) use named_enum;
